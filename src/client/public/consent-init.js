// Marks the page as asking for a cookie choice before the first paint, so the cookie banner (which
// the server writes into every page, src/client/consent/CookieBanner.tsx) shows with the page and
// needs no JavaScript of the app to appear: when nothing is stored, when what is stored cannot be
// read, or when the choice is 13 calendar months old. The same rule as `readConsent` in
// src/client/consent/consent-store.ts; consent-init.test.ts holds the two together. Written into
// the page by the server, like theme-init.js.
(function () {
  var asking = true;
  try {
    var stored = JSON.parse(localStorage.getItem('mindested-consent') || 'null');
    if (stored && typeof stored.timestamp === 'number' && typeof stored.choices === 'object' && stored.choices !== null) {
      var expires = new Date(stored.timestamp);
      expires.setMonth(expires.getMonth() + 13);
      var now = Date.now();
      asking = !(stored.timestamp <= now && now < expires.getTime());
    }
  } catch {
    // Storage refused (private browsing): ask.
  }
  if (asking) document.documentElement.setAttribute('data-consent', 'asking');
})();
