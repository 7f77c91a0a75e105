// Writes the player login's markup (src/prerender.tsx, built for Node into node_modules/.prerender/)
// into the built index.html, one copy per language, then removes that build. Run by `npm run build`
// after both vite builds. public/route-shell.js picks the copy a phone shows, before it paints.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';

const dir = (p) => fileURLToPath(new URL(`../${p}`, import.meta.url));
const { renderPlayerLogin, PRERENDERED } = await import(dir('node_modules/.prerender/prerender.js'));

// A copy is only for the eye: hidden from assistive technology and inert, and without ids, so a
// label never names two inputs and nothing can be typed into a form that cannot submit yet.
let copies = '';
for (const { language, dir: direction } of PRERENDERED) {
  const markup = (await renderPlayerLogin(language)).replace(
    / (id|for|aria-describedby|aria-labelledby)="[^"]*"/g,
    '',
  );
  copies += `<div data-prerendered="${language}" lang="${language}" dir="${direction}" aria-hidden="true" inert>${markup}</div>`;
}
// Only the copy of the language route-shell.js chose shows, and only at `/` (it sets the attribute there).
const languages = PRERENDERED.map((p) => p.language);
const rules = `[data-prerendered]{display:none}${languages
  .map((l) => `:root[data-prerendered-route="${l}"] [data-prerendered="${l}"]`)
  .join(',')}{display:block}`;
const file = dir('dist/index.html');
let html = await readFile(file, 'utf8');
const empty = '<div id="root"></div>';
if (!html.includes(empty)) throw new Error('dist/index.html has no empty <div id="root"></div>');
const shell = '<script src="/route-shell.js"></script>';
if (!html.includes(shell)) throw new Error('dist/index.html has no route-shell.js');
html = html
  .replace(empty, `<div id="root">${copies}</div>`)
  .replace(
    shell,
    `<meta name="playshop-languages" content="${languages.join(' ')}" /><style>${rules}</style>${shell}`,
  );
await writeFile(file, html);
// route-shell.js runs before the first paint of every phone: served without its comments.
const shellFile = dir('dist/route-shell.js');
await writeFile(shellFile, (await transform(await readFile(shellFile, 'utf8'), { minify: true })).code);
await rm(dir('node_modules/.prerender'), { recursive: true, force: true });
console.log(
  `prerendered / into dist/index.html in ${languages.length} languages (${copies.length} characters)`,
);
