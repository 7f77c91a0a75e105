import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const backend = process.env.PLAYSHOP_API_URL ?? 'http://localhost:3000';

// The server serves the built SPA in production; in development the same origin is kept by proxying.
const proxy = {
  '/api': { target: backend, changeOrigin: true },
  '/ws': { target: backend, changeOrigin: true, ws: true },
};

export default defineConfig({
  root,
  plugins: [react()],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The entry chunk is React, React Router, Mantine core, TanStack Query and zod (~200 kB gzip);
    // every area's screens are split off by the router, so the entry is what is worth watching
    // (`npm run bench:web`). `/` paints before it runs: see src/prerender.tsx.
    chunkSizeWarningLimit: 700,
  },
});
