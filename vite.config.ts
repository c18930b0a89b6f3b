import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import { type Plugin, type UserConfig, defineConfig } from 'vite';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const COMPRESSIBLE = /\.(js|css|svg|json|webmanifest|txt)$/;

/**
 * Writes a .br and a .gz beside every text file of the build, at the highest settings: done once
 * here, the server (fastify-static's preCompressed) sends them without spending CPU per request,
 * and a phone on a weak connection in a cemetery downloads a fraction of the bytes.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'mindested-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    // After the files are written, and only then: a failed build has nothing to compress, and its
    // own error is the one to show.
    async writeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const content = await readFile(full);
          if (content.length < 1024) return;
          const [gz, br] = await Promise.all([
            gzip(content, { level: 9 }),
            brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
          ]);
          await Promise.all([writeFile(`${full}.gz`, gz), writeFile(`${full}.br`, br)]);
        }),
      );
    },
  };
}

/**
 * Lists the build's scripts and style sheets in offline-assets.json. The service worker
 * (public/sw.js) caches them all when it installs, so every page opens without a network once the
 * site has been visited, and the page itself spends none of a phone's main thread on loading code
 * for pages it is not showing. Left out: the scan widget's dialog and its QR decoder (about 50 KB),
 * which only the installed app on a phone uses, and only with a network, since the server checks
 * what it reads; every visitor's phone would otherwise fetch them in the background.
 */
const ONLINE_ONLY = /scan-widget\/ScanDialog|node_modules\/jsqr\//;

function offlineAssetList(): Plugin {
  return {
    name: 'mindested-offline-assets',
    apply: 'build',
    // After Vite's own: it drops the script of a chunk that was only a style sheet (a dynamic
    // import of CSS, as load-uplot.ts does) in its generateBundle, and the list must not name it.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const files = Object.entries(bundle)
          .filter(([name, item]) => /^assets\/.+\.(js|css)$/.test(name) && !(item.type === 'chunk' && item.moduleIds.some((id) => ONLINE_ONLY.test(id))))
          .map(([name]) => `/${name}`)
          .sort();
        this.emitFile({ type: 'asset', fileName: 'offline-assets.json', source: JSON.stringify(files) });
      },
    },
  };
}

/**
 * Asks for the two Latin font files (Danish needs no other subset) from the page's head, beside
 * the style sheet, instead of after the style sheet has been read and the text laid out. Without
 * it the page is laid out twice, once in a fallback font and again when the fonts arrive, and on
 * a slow phone each of those is a long task (bench/memorial-page.ts); the text would also jump.
 */
function preloadFonts(): Plugin {
  return {
    name: 'mindested-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const fonts = Object.keys(bundle ?? {}).filter((name) => /\/(fraunces|source-sans-3)-latin-wght-normal-[\w-]+\.woff2$/.test(name));
        return fonts.map((name) => ({ tag: 'link', attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${name}`, crossorigin: '' }, injectTo: 'head' as const }));
      },
    },
  };
}

/**
 * A memorial page is what most phones open, often on a weak connection at the grave: its own parts
 * (layouts, gallery, picture, dates) travel as one file instead of ten small ones, which also
 * compress better together: 2.8 KB less gzip on the route (bench/memorial-page.ts). Only the
 * page's own modules are grouped, not what they import, so React and the page frame stay where
 * they were, and the lightbox still loads on first use.
 */
const CHUNK_GROUPS = [
  {
    name: 'memorial-page',
    test: /src\/client\/memorials\/(MemorialPage|ClassicMemorial|EnhancedMemorial|Gallery|Picture|LifeSpan|RestingPlace|Timeline|dates|use-memorial)\.tsx?$|src\/shared\/memorials\.ts$/,
  },
];

/** React's module names, each answered by its Preact counterpart: in the browser, on the server and in the unit tests. */
export const PREACT_ALIASES = Object.entries({
  'react': 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react-dom/server': 'preact/compat/server',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
}).map(([name, replacement]) => ({ find: new RegExp(`^${name}$`), replacement }));

/**
 * Two warnings about code we do not own, both checked: React Router's "use client" (it means
 * nothing in a browser bundle) and its feature test for `useOptimistic`, which Preact does not have
 * (React Router then keeps the plain value).
 */
const onwarn: NonNullable<NonNullable<UserConfig['build']>['rolldownOptions']>['onwarn'] = (warning, warn) => {
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('"use client"')) return;
  if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
  warn(warning);
};

/**
 * `vite build` makes the browser's client (dist/client); `vite build --ssr` makes the server's
 * renderer of the landing page and of memorial pages (dist/ssr/prerender.js, see
 * src/client/prerender.tsx).
 */
export default defineConfig(({ isSsrBuild, mode }) => ({
  root: 'src/client',
  publicDir: isSsrBuild ? false : fileURLToPath(new URL('./src/client/public', import.meta.url)),
  plugins: isSsrBuild ? [] : [tailwindcss(), preloadFonts(), offlineAssetList(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // The client is written against React's API and runs on Preact (docs/decisions/0010-preact.md):
      // the same components, a tenth of the runtime for a phone to fetch and parse.
      ...PREACT_ALIASES,
      // React Router's package names only its development build, warnings and checks included
      // (remix-run/react-router#14102); a production build takes the production one.
      ...(mode === 'production'
        ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) }]
        : []),
    ],
  },
  // The prerender bundle carries its dependencies, so it runs from wherever it was built to.
  ssr: { noExternal: true },
  build: isSsrBuild
    ? {
        outDir: fileURLToPath(new URL('./dist/ssr', import.meta.url)),
        emptyOutDir: true,
        rolldownOptions: { input: fileURLToPath(new URL('./src/client/prerender.tsx', import.meta.url)), onwarn },
      }
    : {
        outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
        emptyOutDir: true,
        sourcemap: true,
        rolldownOptions: { onwarn, output: { codeSplitting: { includeDependenciesRecursively: false, groups: CHUNK_GROUPS } } },
      },
  server: {
    // In development Vite serves the client and hands /api to the Fastify server.
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 5000}` },
  },
}));
