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
const field = (fields: string[], name: string) => fields.indexOf(name);
const [T, N, S, EC] = [
  field(meta.node_fields, 'type'),
  field(meta.node_fields, 'name'),
  field(meta.node_fields, 'self_size'),
  field(meta.node_fields, 'edge_count'),
];
const [ET, EN, ETO] = [
  field(meta.edge_fields, 'type'),
  field(meta.edge_fields, 'name_or_index'),
  field(meta.edge_fields, 'to_node'),
];
// Snapshot arrays are dense: every index read below is inside them.
const nodeList: number[] = snap.nodes;
const node = (i: number) => nodeList[i] as number;
const edge = (i: number) => (snap.edges as number[])[i] as number;
const text = (i: number) => (snap.strings as string[])[i] as string;
const kind = (i: number) => {
  const t = (ntypes as string[])[node(i + T)];
  const n = text(node(i + N));
  return t === 'object' || t === 'closure' ? `${t} ${n}` : t === 'native' ? `native ${n.slice(0, 30)}` : t;
};
const owner = new Int32Array(nodeList.length / nf).fill(-1);
const ownerEdge: string[] = new Array(nodeList.length / nf);
let e = 0;
for (let i = 0; i < nodeList.length; i += nf) {
  for (let k = 0; k < node(i + EC); k++, e += ef) {
    const et = (etypes as string[])[edge(e + ET)];
    if (et === 'weak' || et === 'shortcut') continue;
    const to = edge(e + ETO) / nf;
    if (owner[to] !== -1) continue;
    owner[to] = i;
    ownerEdge[to] = et === 'element' || et === 'hidden' ? `[${et}]` : String(text(edge(e + EN)));
  }
}
const groups = new Map<string, { c: number; b: number }>();
for (let i = 0; i < nodeList.length; i += nf) {
  const o = owner[i / nf] ?? -1;
  const key = `${o === -1 ? '-' : kind(o)} .${ownerEdge[i / nf] ?? ''} -> ${kind(i)}`;
  const g = groups.get(key) ?? { c: 0, b: 0 };
  g.c++;
  g.b += node(i + S);
  groups.set(key, g);
}
const n = Number(per);
for (const [k, { c, b }] of [...groups].sort((a, b) => b[1].b - a[1].b).slice(0, Number(count)))
  console.log(`${(b / n).toFixed(0).padStart(8)} ${(c / n).toFixed(2).padStart(7)}  ${k}`);
