import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compiledMessages } from './src/i18n/compile-messages';

const root = fileURLToPath(new URL('.', import.meta.url));
const backend = process.env.PLAYSHOP_API_URL ?? 'http://localhost:3000';

// The server serves the built SPA in production; in development the same origin is kept by proxying.
const proxy = {
  '/api': { target: backend, changeOrigin: true },
  '/ws': { target: backend, changeOrigin: true, ws: true },
};

const shim = (file: string) => fileURLToPath(new URL(`src/build-shims/${file}`, import.meta.url));

// The browser runs Preact's React compatibility layer instead of react-dom (~55 KB less gzip on a
// player's phone, docs/performance.md); see docs/decisions.md.
const preact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^recharts$/, replacement: shim('recharts-on-preact.ts') },
];

// Only the browser build: the dev server (React's fast refresh), the unit tests (Testing Library loads
// react-dom itself) and the build-time prerender of `/` (react-dom/server) stay on React. The browser
// suite (e2e/) and `npm run bench:web` drive the shipped build.
export default defineConfig(({ command, isSsrBuild }) => {
  const browserBuild = command === 'build' && !isSsrBuild;
  return {
    root,
    plugins: [react(), compiledMessages],
    resolve: { alias: browserBuild ? preact : [] },
    server: { port: 5173, proxy },
    preview: { port: 4173, proxy },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: true,
      // The entry chunk is Preact, React Router, Mantine core, TanStack Query and zod/mini (~102 kB gzip);
      // every area's screens are split off by the router, so the entry is what is worth watching
      // (`npm run bench:web`). `/` paints before it runs: see src/prerender.tsx.
      chunkSizeWarningLimit: 700,
    },
  };
});
