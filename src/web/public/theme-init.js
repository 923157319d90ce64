/* global window, document, localStorage */
// Runs before first paint (loaded by a plain <script src> in index.html) so a dark
// page never flashes light. Keep in step with src/web/lib/theme.ts, which takes
// over once the app has loaded.
(function () {
  var mode = 'system';
  try {
    var stored = localStorage.getItem('theme');
    if (stored === 'light' || stored === 'dark') mode = stored;
  } catch {
    // Storage may be blocked; fall back to the system preference.
  }
  var dark = mode === 'dark' || (mode === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
})();
