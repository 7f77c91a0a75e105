/**
 * `npx tsx bench/heap-snapshot-top.ts bench/profiles/<file>.heapsnapshot [per] [count]`: what a
 * server's heap holds (a snapshot written with BENCH_PROFILE=heap), as the object kinds with the most
 * shallow size, in total and divided by `per` (the number of connections, to read bytes per socket).
 */
import { readFile } from 'node:fs/promises';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

const [file, per = '1', count = '30'] = process.argv.slice(2);
if (!file) throw new Error('usage: heap-snapshot-top.ts <file.heapsnapshot> [per] [count]');
const snap = JSON.parse(await readFile(file, 'utf8')) as Snapshot;
const fields = snap.snapshot.meta.node_fields;
const types = snap.snapshot.meta.node_types[0];
const width = fields.length;
const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));

const kinds = new Map<string, { count: number; bytes: number }>();
let total = 0;
for (let i = 0; i < snap.nodes.length; i += width) {
  const type = types[snap.nodes[i + typeAt!]!]!;
  const name = snap.strings[snap.nodes[i + nameAt!]!]!;
  const size = snap.nodes[i + sizeAt!]!;
  total += size;
  // Objects by constructor; strings, arrays and code by their type alone.
  const kind = type === 'object' || type === 'closure' ? `${type} ${name}` : type;
  const k = kinds.get(kind) ?? { count: 0, bytes: 0 };
  k.count += 1;
  k.bytes += size;
  kinds.set(kind, k);
}
const n = Number(per);
console.log(`heap ${(total / 2 ** 20).toFixed(1)} MiB, ${(total / n / 1024).toFixed(1)} KiB per ${n}\n`);
console.log('   bytes/per  count/per  kind');
for (const [kind, { count: c, bytes }] of [...kinds]
  .sort((a, b) => b[1].bytes - a[1].bytes)
  .slice(0, Number(count))) {
  console.log(`${(bytes / n).toFixed(0).padStart(12)} ${(c / n).toFixed(2).padStart(10)}  ${kind}`);
}
