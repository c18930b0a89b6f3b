/**
 * The browser entry: fonts, styles, the cookie banner's buttons, the service worker, and the app
 * (start-app.tsx) with the overlays (settings dialog, toasts), loaded as parts of their own.
 *
 * A visitor's memorial page arrives drawn by the server (prerender.tsx, docs/decisions/0009) and is
 * read far more often than it is used (and so does a visitor's family tree page, decision 0032): the app is loaded and takes the page over when the visitor
 * first reaches for it (lib/intent.ts, docs/decisions/0012). A button tapped before then is pressed
 * again once the page is alive (lib/early-taps.ts). Every other page starts the app at once. The
 * cookie banner is the server's HTML and needs neither (consent/cookie-banner.ts), so until then
 * nothing but this small entry runs.
 */
// Fraunces' weight axis only: its optical-size axis would almost double the font a phone must fetch (67 KB against 37 KB).
import '@fontsource-variable/fraunces/wght.css';
import '@fontsource-variable/source-sans-3/wght.css';
import './styles.css';
import { startCookieBanner } from './consent/cookie-banner';
import { whenIntent } from './lib/intent';
import { FAMILY_TREE_PAGE_PATH, MEMORIAL_PAGE_PATH } from './lib/visitor-pages';
import { registerServiceWorker } from './service-worker';


const root = document.getElementById('root')!;
// The landing page and a memorial page arrive rendered by the server: take them over instead of
// redrawing them. Only the address they were rendered for: offline, the service worker may answer
// another address with the front page's HTML.
const renderedFor = root.dataset.rendered ?? '/';
const drawnFor = root.hasChildNodes() && window.location.pathname === renderedFor ? renderedFor : null;
const start = () => {
  void import('./overlays').then(({ mountOverlays }) => mountOverlays());
  void import('./start-app').then(({ startApp }) => startApp(root, drawnFor));
};

startCookieBanner(() => void import('./overlays').then(({ openCookieSettings }) => openCookieSettings()));
// A tap made before this entry arrived was the visitor reaching for the page: start now, and the
// tap is pressed again once the page is alive.
if (drawnFor !== null && (MEMORIAL_PAGE_PATH.test(drawnFor) || FAMILY_TREE_PAGE_PATH.test(drawnFor)) && !window.__hasEarlyTap?.()) whenIntent(start);
else start();

registerServiceWorker();
