import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import preact from '@preact/preset-vite';
import type { LogLevel, LogOrStringHandler, RollupLog } from 'rollup';
import { defineConfig } from 'vite';

// The API server the dev server forwards to (`npm run dev` starts both).
const apiTarget = 'http://127.0.0.1:3000';
const proxied = ['/api', '/uploads', '/healthz', '/readyz'];

export default defineConfig(({ isSsrBuild }) => ({
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
  // The server's render (entry-server.tsx, `vite build --ssr`): one Node module with every
  // dependency bundled in, so Radix and TanStack Query meet the same preact/compat aliases.
  ssr: { noExternal: true, target: 'node' },
  build: isSsrBuild ? ssrBuild : webBuild,
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
}));

const ssrBuild = {
  outDir: '../../dist/ssr',
  emptyOutDir: true,
  target: 'node20',
  // What a render fails on should name the component's source line.
  sourcemap: true,
  copyPublicDir: false,
  rollupOptions: { onLog: quietAboutZodComments, output: { inlineDynamicImports: true } },
};

/**
 * zod's sources carry comments that merely mention @__PURE__; Rollup logs and drops
 * them. Not ours, and on a first `npm start` they read like errors. (onLog, not
 * onwarn: Vite prints these through the log hook before onwarn sees them.)
 */
function quietAboutZodComments(level: LogLevel, log: RollupLog, handler: LogOrStringHandler) {
  if (log.code === 'INVALID_ANNOTATION' && log.id?.includes('node_modules')) return;
  handler(level, log);
}

const webBuild = {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // Read by scripts/bundle-report.mjs: which chunks each route loads.
    manifest: true,
    rollupOptions: {
      onLog: quietAboutZodComments,
      output: {
        // Chunks under 8 KB are folded into a chunk that loads with them wherever that adds
        // no code to another route. A thread page asked for 16 files of ~1 KB after its entry;
        // a phone on slow 4G fetches those 6 at a time, an RTT each round. Folded, it asks
        // for 10, and Lighthouse's LCP went from 2.26-2.34 s to 2.10-2.12 s (docs/web-bundle.md).
        // 20 KB folds page chunks into the entry, which every route then pays for.
        experimentalMinChunkSize: 8_000,
        // The framework changes far less often than the app: its own chunk stays cached across releases.
        manualChunks: (id: string) => (/node_modules\/(preact|@tanstack)\//.test(id) ? 'framework' : undefined),
      },
    },
};
