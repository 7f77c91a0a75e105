/**
 * `npx tsx bench/web-profile-top.ts bench/profiles/<page>-rolls.cpuprofile [count]`: where a screen's
 * time went in a profile written by `BENCH_PHONE_PROFILE=1 npm run bench:phone`. The built app is
 * minified, so each sample's frame is mapped back through the build's source maps
 * (apps/web/dist/assets/*.js.map) to its source file: self time by source file and by package
 * (Preact, Mantine, the app's own folders), in milliseconds and shares.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { root } from './bench-server';
import { type ProfileNode as Node, parentsOf, profileArgs } from './cpu-profile';

const { profile, count } = profileArgs('web-profile-top.ts');
const maps = new Map<string, TraceMap | null>();
function mapOf(url: string): TraceMap | null {
  if (!maps.has(url)) {
    const name = url.split('/assets/')[1];
    const map = name ? path.join(root, 'apps/web/dist/assets', `${name}.map`) : '';
    maps.set(url, map && existsSync(map) ? new TraceMap(readFileSync(map, 'utf8')) : null);
  }
  return maps.get(url)!;
}

/** A frame's source file (folders above node_modules' package cut off) and function. */
function sourceOf(n: Node): { file: string; fn: string } {
  const { url, lineNumber, columnNumber, functionName } = n.callFrame;
  if (!url) return { file: functionName ? `(${functionName})` : '(program)', fn: functionName };
  const map = mapOf(url);
  if (!map) return { file: url, fn: functionName };
  const pos = originalPositionFor(map, { line: lineNumber + 1, column: columnNumber });
  const source = (pos.source ?? url).replace(/^(\.\.\/)+/, '');
  return { file: source, fn: pos.name ?? functionName };
}

const packageOf = (source: string) => {
  const m = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1]!;
  const app = source.match(/apps\/web\/src\/((?:features\/)?[^/]+)/);
  return app ? `app: ${app[1]}` : source;
};

const selfByNode = new Map<number, number>();
for (const [i, id] of profile.samples.entries())
  selfByNode.set(id, (selfByNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
const byFile = new Map<string, number>();
const byPackage = new Map<string, number>();
const byFunction = new Map<string, number>();
let total = 0;
for (const n of profile.nodes) {
  const us = selfByNode.get(n.id) ?? 0;
  if (!us) continue;
  const { file: source, fn } = sourceOf(n);
  if (source === '(idle)') continue;
  total += us;
  byFile.set(source, (byFile.get(source) ?? 0) + us);
  byPackage.set(packageOf(source), (byPackage.get(packageOf(source)) ?? 0) + us);
  byFunction.set(
    `${fn || '(anonymous)'} ${source}`,
    (byFunction.get(`${fn || '(anonymous)'} ${source}`) ?? 0) + us,
  );
}
const show = (title: string, table: Map<string, number>) => {
  console.log(`\n${title} (of ${(total / 1000).toFixed(0)} ms busy)`);
  for (const [name, us] of [...table].sort((a, b) => b[1] - a[1]).slice(0, count))
    console.log(
      `${(us / 1000).toFixed(1).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)} %  ${name}`,
    );
};
// Inclusive time: a sample counts once for each distinct function on its stack.
const parent = parentsOf(profile);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const inclusive = new Map<string, number>();
for (const [id, us] of selfByNode) {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const { file: source, fn } = sourceOf(byId.get(at)!);
    if (source === '(idle)' || source === '(root)') continue;
    const name = `${fn || '(anonymous)'} ${source}`;
    if (!seen.has(name)) inclusive.set(name, (inclusive.get(name) ?? 0) + us);
    seen.add(name);
  }
}
show('Self time by package or app folder', byPackage);
show('Self time by source file', byFile);
show('Self time by function', byFunction);
show('Inclusive time by function', inclusive);
