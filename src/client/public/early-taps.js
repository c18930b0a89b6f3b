// The landing page is drawn from the server's HTML before its JavaScript has arrived
// (src/client/prerender.tsx), and until then its buttons do nothing: on a slow phone a tap on
// "Se video" would be lost. This remembers the last button tapped on the page (header, content,
// footer); the page presses it again once it has come alive (src/client/lib/early-taps.ts).
// Links need no help: they work as plain links. Written into the page by the server, like
// theme-init.js.
(function () {
  var tapped = null;
  function remember(event) {
    var target = event.target;
    var button = target && target.closest ? target.closest('#root header button, #root main button, #root footer button') : null;
    if (button) tapped = button;
  }
  document.addEventListener('click', remember, true);
  window.__takeEarlyTap = function () {
    document.removeEventListener('click', remember, true);
    var button = tapped;
    tapped = null;
    return button;
  };
})();
