// Mindested's service worker: the app opens without a network once it has been visited, which
// matters in a cemetery with poor coverage. Plain JavaScript, served as it is (no build step);
// the server sends it with `cache-control: no-cache`, so a changed file is picked up at once.
//
// - The app shell (the front page's HTML, its inline scripts' files, icons, manifest, and the
//   scripts and styles the front page names) is cached on install; so, as far as they can be
//   fetched, are every page's scripts and styles (offline-assets.json, written by the build),
//   so any page opens offline without the page itself having to load their code.
// - /assets/* are named by their content, so a cached copy is always right: cache first.
// - Page loads go to the network first and fall back to the cached shell when offline.
// - /api/* is never cached: it is personal, and stale answers would be wrong.
// - A memorial page the server marks as one to keep (x-mindested-offline: keep, a memorial anyone
//   with its address may read) is kept as it was last opened, and so are the public photos the
//   visitor has seen (/media/*, cache-control public: named by content, never changed): at the
//   grave with no signal, the page opens again as it was (issue 26). A candle lit there waits in
//   the page (memorials/posts/candle-queue.ts) until the network returns.
//
// Bump VERSION when this file's caching changes; activate deletes the caches of older versions.
const VERSION = 'v3';
const SHELL_CACHE = `mindested-shell-${VERSION}`;
const ASSET_CACHE = `mindested-assets-${VERSION}`;
const PAGE_CACHE = `mindested-pages-${VERSION}`;
const MEDIA_CACHE = `mindested-media-${VERSION}`;
// The pages and photos a visitor has opened lately; older ones make room.
const MAX_PAGES = 30;
const MAX_MEDIA = 300;
const SHELL = ['/', '/theme-init.js', '/early-taps.js', '/consent-init.js', '/favicon.svg', '/icons/favicon-48.png', '/manifest.webmanifest', '/icons/icon-192.png', '/icons/icon-512.png', '/icons/icon-maskable-512.png', '/icons/apple-touch-icon.png'];
// Old builds' assets pile up across deploys; keep the cache to a sensible size (one build has
// some 40 scripts and style sheets today).
const MAX_ASSETS = 400;

/** The /assets/ files a page's HTML names (entry script, style sheet, preloaded chunks). */
function assetsIn(html) {
  const found = new Set();
  for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) found.add(match[1]);
  return [...found];
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const shell = await caches.open(SHELL_CACHE);
      await shell.addAll(SHELL);
      const page = await shell.match('/');
      const assets = await caches.open(ASSET_CACHE);
      if (page) await assets.addAll(assetsIn(await page.text()));
      // The other pages' code: worth having, but not worth failing the install over.
      try {
        const list = await (await fetch('/offline-assets.json', { cache: 'no-cache' })).json();
        await Promise.allSettled(list.map(async (url) => (await assets.match(url)) ?? assets.add(url)));
      } catch {
        // No list (a development server) or no network: pages are cached as they are visited.
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([SHELL_CACHE, ASSET_CACHE, PAGE_CACHE, MEDIA_CACHE]);
      for (const name of await caches.keys()) if (name.startsWith('mindested-') && !keep.has(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

async function trim(name, max) {
  const cache = await caches.open(name);
  const keys = await cache.keys();
  // Keys come back oldest first.
  for (const request of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(request);
}

/** A public photo: from the cache once seen (its address names its content), else fetched and kept. */
async function mediaFirst(request) {
  const cached = await caches.match(request, { cacheName: MEDIA_CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  // Only what anyone may see: a members-only photo is not kept past the member's sign-out.
  if (response.status === 200 && /\bpublic\b/.test(response.headers.get('cache-control') ?? '')) {
    const cache = await caches.open(MEDIA_CACHE);
    await cache.put(request, response.clone());
    void trim(MEDIA_CACHE, MAX_MEDIA);
  }
  return response;
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(ASSET_CACHE);
    await cache.put(request, response.clone());
    void trim(ASSET_CACHE, MAX_ASSETS);
  }
  return response;
}

/**
 * The front page's cached HTML carries the landing page rendered into it; for any other address
 * the app must start empty and route itself, so that content is taken out (main.tsx only hydrates
 * on "/" as a second guard).
 */
async function shellFor(pathname) {
  const cached = await caches.match('/', { cacheName: SHELL_CACHE });
  if (!cached || pathname === '/') return cached;
  const html = (await cached.text()).replace(/<div id="root">[\s\S]*<\/div>(\s*<noscript>)/, '<div id="root"></div>$1');
  const headers = new Headers(cached.headers);
  // The body is shorter now and no longer compressed.
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(html, { status: 200, headers });
}

async function networkFirst(request) {
  const url = new URL(request.url);
  try {
    const response = await fetch(request);
    // Keep the newest front page, so the offline shell follows deploys.
    if (response.ok && url.pathname === '/') {
      const cache = await caches.open(SHELL_CACHE);
      await cache.put('/', response.clone());
    }
    if (response.status === 200 && response.headers.get('x-mindested-offline') === 'keep') {
      const cache = await caches.open(PAGE_CACHE);
      await cache.put(url.pathname, response.clone());
      void trim(PAGE_CACHE, MAX_PAGES);
    }
    return response;
  } catch (error) {
    // A memorial opened here before, as it was then; else the app, which says what it can.
    // ignoreVary: the page varies by cookie, and this request (made here) carries none.
    const page = await caches.match(url.pathname, { cacheName: PAGE_CACHE, ignoreVary: true });
    if (page) return page;
    const shell = await shellFor(url.pathname);
    if (shell) return shell;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else if (url.pathname.startsWith('/media/') && !request.headers.has('range')) {
    // Audio and video come in ranges, which a cache cannot answer: those go straight to the network.
    event.respondWith(mediaFirst(request));
  } else if (SHELL.includes(url.pathname)) {
    // Small files that may change on a deploy: the network, else the copy from install.
    event.respondWith(fetch(request).catch(() => caches.match(request, { cacheName: SHELL_CACHE }).then((hit) => hit ?? Response.error())));
  }
});
