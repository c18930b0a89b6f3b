/**
 * Registers public/sw.js (SPEC.md §2 "A service worker is registered at startup") once the first
 * page has settled: installing it downloads every page's code for offline use, which must not
 * compete for the connection and the processor with the page a phone is still drawing. Browsers
 * without service workers (or an insecure origin) simply run without offline support.
 */
const SETTLE_MS = 3000;

export function registerServiceWorker() {
  // Not under Vite's dev server: a worker caching pages there would hide code changes.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.warn('Service worker kunne ikke registreres', error));
  };
  const whenSettled = () =>
    setTimeout(() => ('requestIdleCallback' in window ? window.requestIdleCallback(register, { timeout: SETTLE_MS }) : register()), SETTLE_MS);
  if (document.readyState === 'complete') whenSettled();
  else window.addEventListener('load', whenSettled, { once: true });
}
