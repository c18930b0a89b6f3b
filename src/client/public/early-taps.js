// The landing page and a visitor's memorial page are drawn from the server's HTML
// (src/client/prerender.tsx), and until the page is taken over its buttons do nothing: on a slow
// phone a tap on "Se video" would be lost, and a memorial is taken over only when the visitor
// first reaches for it (src/client/main.tsx), so a tap on a photo would be. This remembers the last
// button tapped on the page (header, content, footer, and the cookie banner until its own code has
// arrived, src/client/consent/cookie-banner.ts); the page presses it again once it has come alive
// (src/client/lib/early-taps.ts). Links need no help: they work as plain links. Written into the
// page by the server, like theme-init.js.
(function () {
  var tapped = null;
  function remember(event) {
    var target = event.target;
    var button = target && target.closest ? target.closest('#root header button, #root main button, #root footer button, #cookie-banner:not([data-live]) button') : null;
    if (button) tapped = button;
  }
  document.addEventListener('click', remember, true);
  // Whether a tap waits to be pressed: a memorial's entry then starts the app at once, as the tap
  // that would have started it came before the entry had arrived (src/client/main.tsx).
  window.__hasEarlyTap = function () {
    return tapped !== null;
  };
  window.__takeEarlyTap = function () {
    document.removeEventListener('click', remember, true);
    var button = tapped;
    tapped = null;
    return button;
  };
})();
