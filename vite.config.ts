import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

// The API server the dev server forwards to (`npm run dev` starts both).
const apiTarget = 'http://127.0.0.1:3000';
const proxied = ['/api', '/uploads', '/healthz', '/readyz'];

export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  // Preact's JSX, hot reload and devtools; the aliases below are ours, so they are in plain sight.
  plugins: [preact({ reactAliasesEnabled: false }), tailwindcss()],
  resolve: {
    // The app is written against React 19's API and typed with @types/react, but runs on
    // preact/compat: 5 KB of runtime instead of react-dom's 60 (docs/web-bundle.md).
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // Read by scripts/bundle-report.mjs: which chunks each route loads.
    manifest: true,
    rollupOptions: {
      onwarn(warning, warn) {
        // zod's sources carry comments that merely mention @__PURE__; Rollup warns and drops them.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
      // The framework changes far less often than the app: its own chunk stays cached across releases.
      output: {
        manualChunks: (id) => (/node_modules\/(preact|@tanstack)\//.test(id) ? 'framework' : undefined),
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
});
