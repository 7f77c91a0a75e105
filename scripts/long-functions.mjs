// `node scripts/long-functions.mjs [folder…]`: lists the functions outside tests that are over
// MAX_LINES lines (80 by default; issue 31 item 5), by file and line. Every function counts,
// nested ones too (a factory and the methods in it), from its first line to its last. Exits 1 when
// it lists any, so it can join `npm run lint` once the list is empty.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const max = Number(process.env.MAX_LINES ?? 80);
const folders =
  process.argv.length > 2
    ? process.argv.slice(2)
    : ['apps/server/src', 'packages/shared/src', 'apps/web/src'];
const isTest = (file) => /\.test\.tsx?$/.test(file) || /(^|\/)(test|e2e)\//.test(file);

function* sources(folder) {
  for (const name of readdirSync(folder)) {
    const file = path.join(folder, name);
    if (name === 'node_modules' || name === 'dist') continue;
    if (statSync(file).isDirectory()) yield* sources(file);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) yield file;
  }
}

/** A readable name: its own, the variable or property it is assigned to, or the call it is given to. */
function nameOf(node) {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (ts.isCallExpression(parent)) return `${parent.expression.getText().slice(0, 40)}(…)`;
  return '(anonymous)';
}

const found = [];
for (const folder of folders) {
  for (const file of sources(path.resolve(root, folder))) {
    const rel = path.relative(root, file);
    if (isTest(rel)) continue;
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const lineOf = (pos) => source.getLineAndCharacterOfPosition(pos).line + 1;
    const visit = (node) => {
      if (ts.isFunctionLike(node) && node.body) {
        const start = lineOf(node.getStart(source));
        const lines = lineOf(node.getEnd()) - start + 1;
        if (lines > max) found.push({ rel, start, lines, name: nameOf(node) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
}
found.sort((a, b) => a.rel.localeCompare(b.rel) || a.start - b.start);
for (const f of found) console.log(`${String(f.lines).padStart(4)}  ${f.rel}:${f.start}  ${f.name}`);
console.log(`${found.length} functions over ${max} lines`);
process.exitCode = found.length > 0 ? 1 : 0;
