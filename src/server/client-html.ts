/**
 * The app's HTML as the server sends it: the built index.html with the browser's part of the
 * configuration written in as JSON (src/shared/site.ts), so the footer's e-mail and the privacy
 * texts need no request of their own; and, for the landing page, the page itself rendered into it
 * (src/client/prerender.tsx), so a phone paints it before any JavaScript has arrived.
 *
 * Both are made once at start-up: the build does not change under a running server.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { InlineFamilyTree } from '../shared/family-tree-api';
import type { Memorial } from '../shared/memorials';
import type { PublicPosts } from '../shared/posts-api';
import { SITE_CONFIG_ELEMENT_ID, type SiteConfig } from '../shared/site';
import type { Config } from './config';
import { configuredOffer } from './ai/providers';

export function siteConfigFor(config: Config): SiteConfig {
  return {
    contactEmail: config.CONTACT_EMAIL,
    dataController: {
      name: config.DATA_CONTROLLER_NAME,
      address: config.DATA_CONTROLLER_ADDRESS,
      cvr: config.DATA_CONTROLLER_CVR,
      email: config.CONTACT_EMAIL,
    },
    aiExtras: configuredOffer(config),
  };
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** `<meta property="og:title" content="…">` (or name=…) with the value escaped. */
export function metaTag(attribute: 'name' | 'property', key: string, content: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
}

/** JSON that is safe inside a <script> element: no "</script>" or "<!--" can be formed. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const ROOT_ELEMENT = '<div id="root"></div>';
/**
 * Small scripts in <head> that must run before the page is drawn: the stored theme, the memory of
 * taps made before the page's JavaScript has arrived (public/early-taps.js), and whether the
 * cookie banner asks (public/consent-init.js).
 */
const INLINE_SCRIPTS = ['theme-init.js', 'early-taps.js', 'consent-init.js'];

/** What a page's server adds to the app shell: its own title, head tags and data. */
export interface PageHead {
  title: string;
  /** Replaces the site's own description. */
  description: string;
  /** Complete, escaped tags for <head> (see `metaTag`). */
  tags: string[];
  /** JSON written into a <script type="application/json"> with this id, read by the page (one or more). */
  data?: PageData | PageData[];
}

export interface PageData {
  elementId: string;
  value: unknown;
}

export interface ClientHtml {
  /** The HTML for a page address: prerendered where we have it, else the empty app shell. */
  forPath(pathname: string): string;
  /**
   * The app shell with a page's own title, head tags and inline data (a memorial page), and with
   * `rendered`, the page's body as the server rendered it for that address.
   */
  withHead(head: PageHead, rendered?: { pathname: string; body: string }): string;
  /**
   * Renders a memorial page's body for a visitor (prerender.tsx), with its approved posts; null
   * without the server bundle.
   */
  renderMemorial: ((pathname: string, memorial: Memorial, posts?: PublicPosts) => Promise<string>) | null;
  /** Renders a family tree page's body for a visitor, around the close family it carries; null without the server bundle. */
  renderFamilyTree: ((location: string, tree: InlineFamilyTree) => Promise<string>) | null;
  /** CSP sources ('sha256-…') of the scripts written into the page, for script-src. */
  inlineScriptHashes: string[];
}

/**
 * Writes the <head> scripts into the page instead of having them fetched: a script in <head>
 * blocks the first paint until it has arrived, a round trip a phone on a weak connection feels.
 * The CSP allows exactly these scripts by their hashes.
 */
function inlineHeadScripts(template: string, clientDir: string): { html: string; hashes: string[] } {
  let html = template;
  const hashes: string[] = [];
  for (const name of INLINE_SCRIPTS) {
    const tag = `<script src="/${name}"></script>`;
    const file = path.join(clientDir, name);
    if (!html.includes(tag) || !existsSync(file)) continue;
    const code = readFileSync(file, 'utf8');
    hashes.push(`'sha256-${createHash('sha256').update(code).digest('base64')}'`);
    html = html.replace(tag, () => `<script>${code}</script>`);
  }
  return { html, hashes };
}

type RenderPage = (pathname: string, config: SiteConfig, memorial?: Memorial, posts?: PublicPosts, familyTree?: InlineFamilyTree) => Promise<string>;

/** What the server-side bundle (prerender.tsx) offers. */
interface Prerender {
  renderPage: RenderPage;
  renderCookieBanner: () => string;
}

/**
 * Reads `clientDir/index.html` and, when the server-side bundle was built beside it
 * (`../ssr/prerender.js`, `npm run build` makes both), writes the cookie banner into every page and
 * prerenders the landing page. Without the bundle, or if rendering fails, every address gets the
 * app shell (the browser then draws the banner itself): slower to paint, never broken.
 */
export async function loadClientHtml(clientDir: string, config: Config, log?: FastifyBaseLogger): Promise<ClientHtml> {
  const built = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  if (!built.includes('</head>') || !built.includes(ROOT_ELEMENT)) throw new Error(`${clientDir}/index.html lacks </head> or ${ROOT_ELEMENT}`);
  const { html: template, hashes } = inlineHeadScripts(built, clientDir);
  const site = siteConfigFor(config);
  let shell = template.replace('</head>', () => `<script id="${SITE_CONFIG_ELEMENT_ID}" type="application/json">${scriptJson(site)}</script>\n  </head>`);

  const prerendered = new Map<string, string>();
  const bundle = path.join(path.dirname(clientDir), 'ssr', 'prerender.js');
  let renderMemorial: ClientHtml['renderMemorial'] = null;
  let renderFamilyTree: ClientHtml['renderFamilyTree'] = null;
  if (existsSync(bundle)) {
    try {
      const { renderPage, renderCookieBanner } = (await import(pathToFileURL(bundle).href)) as Prerender;
      // Last in <body>: it sticks to the bottom of the screen and, scrolled to the end, sits below the footer.
      const banner = renderCookieBanner();
      const body = await renderPage('/', site);
      shell = shell.replace('</body>', () => `${banner}\n  </body>`);
      renderMemorial = (pathname, memorial, posts) => renderPage(pathname, site, memorial, posts);
      renderFamilyTree = (location, tree) => renderPage(location, site, undefined, undefined, tree);
      prerendered.set('/', shell.replace(ROOT_ELEMENT, `<div id="root">${body}</div>`));
    } catch (error) {
      log?.warn({ err: error }, 'the landing page could not be prerendered; serving the app shell');
    }
  }

  const withHead = ({ title, description, tags, data }: PageHead, rendered?: { pathname: string; body: string }) => {
    const page = shell
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
      .replace(/<meta name="description"[^>]*>/, () => metaTag('name', 'description', description))
      .replace('</head>', () => `${tags.join('\n    ')}\n  </head>`);
    // data-rendered tells the browser which address the markup is for (main.tsx hydrates only that).
    const root = rendered ? `<div id="root" data-rendered="${escapeHtml(rendered.pathname)}">${rendered.body}</div>` : ROOT_ELEMENT;
    // The data after the page it describes: the app reads it only once it runs (after the parse), and
    // on a slow connection the visible page arrives a round trip sooner without 40 KB of JSON before it.
    const dataScript = (data === undefined ? [] : Array.isArray(data) ? data : [data])
      .map(({ elementId, value }) => `\n    <script id="${elementId}" type="application/json">${scriptJson(value)}</script>`)
      .join('');
    return page.replace(ROOT_ELEMENT, () => `${root}${dataScript}`);
  };
  return { forPath: (pathname) => prerendered.get(pathname) ?? shell, withHead, renderMemorial, renderFamilyTree, inlineScriptHashes: hashes };
}
