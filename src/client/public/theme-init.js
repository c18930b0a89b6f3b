// Applies the stored colour theme before the first paint, so a dark-theme reader never sees a
// white flash. The server writes it into the page and allows it in its CSP by its hash
// (src/server/client-html.ts); served as a file only where no server does that (vite's dev server).
(function () {
  var theme = 'light';
  try {
    theme = localStorage.getItem('theme') || 'light';
  } catch {}
  // 'system' is treated as light (SPEC.md §3).
  var dark = theme === 'dark';
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
})();
