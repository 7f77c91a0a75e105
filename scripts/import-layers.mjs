// The import rules of a source folder (docs/architecture.md, "Layers"): no file imports itself back
// through others (a circle), and a unit (a top-level folder or file of the folder) imports only
// units on layers below its own. Read from the TypeScript imports, tests and src/test/ left out.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts)$/;
const isProduction = (name) => SOURCE.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts');

function sourceFiles(root, dir = root) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === path.join(root, 'test') ? [] : sourceFiles(root, full);
    return isProduction(entry.name) ? [full] : [];
  });
}

function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier).replace(/\.(m?js|jsx)$/, '');
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile()) ?? null;
}

/** Every production file of `root` (paths relative to it) with the files of `root` it imports. */
export function importGraph(root) {
  const graph = new Map();
  for (const file of sourceFiles(root)) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((i) => resolveImport(file, i.fileName))
      .filter((t) => t?.startsWith(root + path.sep) && isProduction(path.basename(t)))
      .map((t) => path.relative(root, t).split(path.sep).join('/'));
    graph.set(path.relative(root, file).split(path.sep).join('/'), [...new Set(targets)]);
  }
  return graph;
}

/** The circles of the graph (Tarjan's strongly connected components of two files or more). */
export function circles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const found = [];
  const visit = (v) => {
    index.set(v, index.size);
    low.set(v, index.get(v));
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) visit(w);
      if (stack.includes(w)) low.set(v, Math.min(low.get(v), low.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const circle = stack.splice(stack.indexOf(v));
    if (circle.length > 1) found.push(circle.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/**
 * The imports that break the layer order. `layers` lists units bottom up, one array a layer; a unit is
 * a path prefix ('db', 'app.ts', 'features/game'): the longest that matches names a file's unit. A file
 * imports its own unit and units on lower layers only; a file in no unit is reported too.
 */
export function layerBreaches(graph, layers) {
  const units = layers.flatMap((names, layer) => names.map((name) => ({ name, layer })));
  const unitOf = (file) =>
    units
      .filter(({ name }) => file === name || file.startsWith(`${name}/`))
      .sort((a, b) => b.name.length - a.name.length)[0];
  const breaches = [];
  for (const [file, targets] of graph) {
    const from = unitOf(file);
    if (!from) breaches.push(`${file}: in no layer`);
    for (const target of from ? targets : []) {
      const to = unitOf(target);
      if (to && to.name !== from.name && to.layer >= from.layer) breaches.push(`${file} -> ${target}`);
    }
  }
  return breaches;
}
