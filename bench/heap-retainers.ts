/**
 * `npx tsx bench/heap-retainers.ts bench/profiles/<file>.heapsnapshot [per] [count]`: the heap by
 * what holds it: each object kind grouped by its first retainer and the edge it is held by
 * (`object WebSocket ._receiver -> object Receiver`), in bytes and count per `per` (the sockets).
 */
import { readFile } from 'node:fs/promises';

const [file, per = '1', count = '60'] = process.argv.slice(2);
const snap = JSON.parse(await readFile(file!, 'utf8'));
const meta = snap.snapshot.meta;
const nf = meta.node_fields.length,
  ef = meta.edge_fields.length;
const ntypes = meta.node_types[0],
  etypes = meta.edge_types[0];
const [T, N, S, EC] = ['type', 'name', 'self_size', 'edge_count'].map((f: string) =>
  meta.node_fields.indexOf(f),
);
const [ET, EN, ETO] = ['type', 'name_or_index', 'to_node'].map((f: string) => meta.edge_fields.indexOf(f));
const nodes: number[] = snap.nodes,
  edges: number[] = snap.edges,
  strings: string[] = snap.strings;
const kind = (i: number) => {
  const t = ntypes[nodes[i + T]];
  const n = strings[nodes[i + N]];
  return t === 'object' || t === 'closure' ? `${t} ${n}` : t === 'native' ? `native ${n.slice(0, 30)}` : t;
};
const owner = new Int32Array(nodes.length / nf).fill(-1);
const ownerEdge: string[] = new Array(nodes.length / nf);
let e = 0;
for (let i = 0; i < nodes.length; i += nf) {
  for (let k = 0; k < nodes[i + EC]; k++, e += ef) {
    const et = etypes[edges[e + ET]];
    if (et === 'weak' || et === 'shortcut') continue;
    const to = edges[e + ETO] / nf;
    if (owner[to] !== -1) continue;
    owner[to] = i;
    ownerEdge[to] = et === 'element' || et === 'hidden' ? `[${et}]` : String(strings[edges[e + EN]]);
  }
}
const groups = new Map<string, { c: number; b: number }>();
for (let i = 0; i < nodes.length; i += nf) {
  const o = owner[i / nf];
  const key = `${o === -1 ? '-' : kind(o)} .${ownerEdge[i / nf] ?? ''} -> ${kind(i)}`;
  const g = groups.get(key) ?? { c: 0, b: 0 };
  g.c++;
  g.b += nodes[i + S];
  groups.set(key, g);
}
const n = Number(per);
for (const [k, { c, b }] of [...groups].sort((a, b) => b[1].b - a[1].b).slice(0, Number(count)))
  console.log(`${(b / n).toFixed(0).padStart(8)} ${(c / n).toFixed(2).padStart(7)}  ${k}`);
