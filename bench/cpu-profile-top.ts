/**
 * `npx tsx bench/cpu-profile-top.ts bench/profiles/<file>.cpuprofile [count]`: where a server's time
 * went in a profile written with BENCH_PROFILE=cpu, as the functions with the most self time and the
 * most inclusive time (own frames plus everything they called), in milliseconds and shares.
 */
import path from 'node:path';
import { type ProfileNode as Node, parentsOf, profileArgs } from './cpu-profile';

const { profile, count } = profileArgs('cpu-profile-top.ts');
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = parentsOf(profile);

const label = (n: Node) => {
  const { functionName, url, lineNumber } = n.callFrame;
  const where = url ? `${path.relative(process.cwd(), url.replace('file://', ''))}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'} ${where}`.trim();
};

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const ms = (profile.timeDeltas[i] ?? 0) / 1000;
  total += ms;
  const node = byId.get(id)!;
  self.set(label(node), (self.get(label(node)) ?? 0) + ms);
  // Each function once per sample, however deep the recursion.
  const onStack = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
    onStack.add(label(byId.get(at)!));
  for (const l of onStack) inclusive.set(l, (inclusive.get(l) ?? 0) + ms);
});

const top = (m: Map<string, number>) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([l, ms]) => `${ms.toFixed(0).padStart(8)} ms ${((ms / total) * 100).toFixed(1).padStart(5)}%  ${l}`)
    .join('\n');
console.log(`total ${total.toFixed(0)} ms\n\nself time:\n${top(self)}\n\ninclusive time:\n${top(inclusive)}`);

// BUCKET_S=5: the busy time of each 5 s of the run and its top functions, to tell the phases apart.
const bucketS = Number(process.env.BUCKET_S ?? 0);
if (bucketS > 0) {
  const buckets = new Map<number, Map<string, number>>();
  let t = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    t += ms;
    const l = label(byId.get(id)!);
    if (l === '(idle)') return;
    const b = Math.floor(t / 1000 / bucketS);
    const m = buckets.get(b) ?? new Map<string, number>();
    buckets.set(b, m);
    // Attribute the sample to the nearest frame of our own code, else to the leaf.
    let mine = l;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const url = byId.get(at)!.callFrame.url;
      if (url.includes('/apps/server/src/') || url.includes('/packages/shared/src/')) {
        mine = label(byId.get(at)!);
        break;
      }
    }
    m.set(mine, (m.get(mine) ?? 0) + ms);
  });
  for (const [b, m] of [...buckets].sort((x, y) => x[0] - y[0])) {
    const busy = [...m.values()].reduce((x, y) => x + y, 0);
    const heads = [...m]
      .sort((x, y) => y[1] - x[1])
      .slice(0, 4)
      .map(([l, ms]) => `${l} ${ms.toFixed(0)}`)
      .join(' | ');
    console.log(`${String(b * bucketS).padStart(4)} s busy ${busy.toFixed(0).padStart(5)} ms: ${heads}`);
  }
}
