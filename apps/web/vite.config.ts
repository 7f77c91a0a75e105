import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
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

// zod 4's classic schemas each carry a JSON Schema generator (`.toJSONSchema()`, `~standard.jsonSchema`),
// ~6 KB gzip in the entry. The browser never asks for JSON Schema (the server's OpenAPI document is made
// in Node): in the browser build classic zod gets stand-ins that throw if called, and keeps the real
// aggregateChecks (behind a string schema's minLength, a number's minValue).
const zodClassic = '/zod/v4/classic/schemas.js';
const noJsonSchema = "() => { throw new Error('zod JSON Schema is not in the browser build'); }";
let zodProcessors = '';
const zodWithoutJsonSchema: Plugin = {
  name: 'playshop:zod-without-json-schema',
  enforce: 'pre',
  resolveId(source, importer) {
    if (!importer?.endsWith(zodClassic)) return;
    if (source === '../core/json-schema-processors.js') {
      zodProcessors = join(dirname(importer), source);
      return '\0zod-json-schema-processors';
    }
    if (source === '../core/to-json-schema.js') return '\0zod-to-json-schema';
  },
  load(id) {
    if (id === '\0zod-to-json-schema') {
      return `const unavailable = ${noJsonSchema};
export const createToJSONSchemaMethod = () => unavailable;
export const createStandardJSONSchemaMethod = () => unavailable;`;
    }
    if (id === '\0zod-json-schema-processors') {
      const code = readFileSync(zodProcessors, 'utf8');
      const names = [...code.matchAll(/^export (?:const|function) (\w+)/gm)].map((m) => m[1]);
      return [
        `export { aggregateChecks } from ${JSON.stringify(zodProcessors)};`,
        `const unavailable = ${noJsonSchema};`,
        ...names.filter((n) => n !== 'aggregateChecks').map((n) => `export const ${n} = unavailable;`),
      ].join('\n');
    }
  },
};

// Only the browser build: the dev server (React's fast refresh), the unit tests (Testing Library loads
// react-dom itself) and the build-time prerender of `/` (react-dom/server) stay on React. The browser
// suite (e2e/) and `npm run bench:web` drive the shipped build.
export default defineConfig(({ command, isSsrBuild }) => {
  const browserBuild = command === 'build' && !isSsrBuild;
  return {
    root,
    plugins: [react(), compiledMessages, ...(browserBuild ? [zodWithoutJsonSchema] : [])],
    resolve: { alias: browserBuild ? preact : [] },
    server: { port: 5173, proxy },
    preview: { port: 4173, proxy },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: true,
      // The entry chunk is Preact, React Router, Mantine core, TanStack Query and zod (~120 kB gzip);
      // every area's screens are split off by the router, so the entry is what is worth watching
      // (`npm run bench:web`). `/` paints before it runs: see src/prerender.tsx.
      chunkSizeWarningLimit: 700,
    },
  };
});
