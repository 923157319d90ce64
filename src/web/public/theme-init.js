/* global window, document, localStorage */
// Runs before first paint (loaded by a plain <script src> in index.html) so a dark
// page never flashes light, nor a custom palette flashes the default one. Keep in
// step with src/web/lib/theme.ts and lib/color-theme.ts, which take over once the
// app has loaded.
(function () {
  var mode = 'system';
  var palette = 'default';
  try {
    var stored = localStorage.getItem('theme');
    if (stored === 'light' || stored === 'dark') mode = stored;
    var theme = localStorage.getItem('app-theme');
    if (localStorage.getItem('custom-theme-enabled') === 'true' && /^(forest|sunset|ocean|midnight)$/.test(theme || '')) palette = theme;
  } catch {
    // Storage may be blocked; fall back to the system preference.
  }
  var dark = mode === 'dark' || (mode === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  if (palette !== 'default') document.documentElement.dataset.theme = palette;
})();
