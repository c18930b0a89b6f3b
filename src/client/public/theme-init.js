// Applies the stored colour theme before the first paint, so a dark-theme reader never sees a
// white flash. A file, not an inline script: the Content-Security-Policy allows only our own files.
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
