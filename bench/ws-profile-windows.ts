/**
 * `npx tsx bench/ws-profile-windows.ts <file.cpuprofile>`: what else the server ran while it was
 * writing a roll's frames. The profile (BENCH_PROFILE=cpu) is cut into 50 ms windows; in the windows
 * with more than 5 ms of fan-out (hub.ts, ws's sender, writev), the time of the periodic work (the
 * heartbeat sweep, the 2 s rights recheck, the Insights projector's own code, node-postgres's and
 * embedded PGlite's share) and of everything else is summed, so a p99 spike can be put down to what
 * lands on the rolls. TIMELINE=1 also prints each 50 ms window with more than 25 ms of PGlite: the
 * statements that held the database (and the journal behind it) while rolls waited.
 */
import { parentsOf, readProfile } from './cpu-profile';

const p = readProfile(process.argv[2]!);
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = parentsOf(p);
const cats: [string, RegExp][] = [
  ['sweep', /sweepSlice/],
  ['insights', /insights\//],
  ['recheck', /readRights|readStale|recheckOpenSockets|unnest/],
  ['fanout', /hub\.ts|ws\/lib\/sender|writev/],
  ['pg', /node_modules\/pg\//],
  ['journal', /journal\.ts/],
  // Embedded PGlite's statements (its callers are not on the stack: they ran from a promise).
  ['pglite', /@electric-sql\/pglite|wasm-function/],
  ['gc', /garbage collector/],
];
const catOf = new Map<number, string>();
function cat(id: number): string {
  if (catOf.has(id)) return catOf.get(id)!;
  let cur: number | undefined = id;
  const names: string[] = [];
  while (cur !== undefined) {
    const n = byId.get(cur)!;
    names.push(`${n.callFrame.functionName} ${n.callFrame.url}`);
    cur = parent.get(cur);
  }
  const s = names.join('|');
  let c = 'other';
  for (const [name, re] of cats)
    if (re.test(s)) {
      c = name;
      break;
    }
  if (/\(idle\)/.test(names[0]!)) c = 'idle';
  if (c === 'other') c = `other:${names[0]!.slice(0, 70)}`;
  catOf.set(id, c);
  return c;
}
let t = 0;
const bins = new Map<number, Record<string, number>>();
for (let i = 0; i < p.samples.length; i++) {
  t += p.timeDeltas[i]!;
  const b = Math.floor(t / 1000 / 50);
  const rec = bins.get(b) ?? {};
  const c = cat(p.samples[i]!);
  rec[c] = (rec[c] ?? 0) + p.timeDeltas[i]! / 1000;
  bins.set(b, rec);
}
if (process.env.TIMELINE) {
  for (const [b, rec] of [...bins].sort((x, y) => x[0] - y[0])) {
    if ((rec.pglite ?? 0) < 25) continue;
    const show = (k: string) => `${k} ${(rec[k] ?? 0).toFixed(0)}`;
    console.log(
      `${((b * 50) / 1000).toFixed(2)} s: ${['pglite', 'insights', 'fanout', 'journal'].map(show).join(', ')}`,
    );
  }
}
// 50 ms bins with roll fan-out (>5 ms of it): what else ran in them
const totals: Record<string, number> = {};
let n = 0;
for (const rec of bins.values()) {
  if ((rec.fanout ?? 0) < 5) continue;
  n++;
  for (const [k, v] of Object.entries(rec)) totals[k] = (totals[k] ?? 0) + v;
}
console.log('fan-out bins', n);
for (const [k, v] of Object.entries(totals)
  .sort((a, b) => b[1] - a[1])
  .slice(0, 25))
  console.log(k.padEnd(10), v.toFixed(0), 'ms', (v / n).toFixed(1), 'ms/bin');
const all: Record<string, number> = {};
for (const rec of bins.values()) for (const [k, v] of Object.entries(rec)) all[k] = (all[k] ?? 0) + v;
const group = (k: string) => (k.startsWith('other:') ? 'other' : k);
const g: Record<string, number> = {};
for (const [k, v] of Object.entries(totals)) g[group(k)] = (g[group(k)] ?? 0) + v;
console.log(
  'grouped in fan-out bins:',
  Object.entries(g)
    .map(([k, v]) => `${k} ${(v / n).toFixed(1)} ms/bin`)
    .join(', '),
);
console.log(
  'whole run:',
  Object.entries(all)
    .map(([k, v]) => `${k} ${v.toFixed(0)}`)
    .join(', '),
);
