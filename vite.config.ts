import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server the dev server forwards to (`npm run dev` starts both).
const apiTarget = 'http://127.0.0.1:3000';
const proxied = ['/api', '/uploads', '/healthz', '/readyz'];

export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  plugins: [react(), tailwindcss()],
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
        manualChunks: (id) => (/node_modules\/(react|react-dom|scheduler|react-router|@tanstack)\//.test(id) ? 'framework' : undefined),
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
});
