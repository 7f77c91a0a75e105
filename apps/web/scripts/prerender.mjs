// Writes the player login's markup (src/prerender.tsx, built for Node into node_modules/.prerender/)
// into the built index.html, then removes that build. Run by `npm run build` after both vite builds.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const dir = (p) => fileURLToPath(new URL(`../${p}`, import.meta.url));
const { renderPlayerLogin } = await import(dir('node_modules/.prerender/prerender.js'));

// The copy is only for the eye: hidden from assistive technology and inert, and without ids, so a
// label never names two inputs and nothing can be typed into a form that cannot submit yet.
const markup = (await renderPlayerLogin()).replace(/ (id|for|aria-describedby|aria-labelledby)="[^"]*"/g, '');
const file = dir('dist/index.html');
const html = await readFile(file, 'utf8');
const empty = '<div id="root"></div>';
if (!html.includes(empty)) throw new Error('dist/index.html has no empty <div id="root"></div>');
await writeFile(
  file,
  html.replace(empty, `<div id="root"><div data-prerendered aria-hidden="true" inert>${markup}</div></div>`),
);
await rm(dir('node_modules/.prerender'), { recursive: true, force: true });
console.log(`prerendered / into dist/index.html (${markup.length} characters)`);
