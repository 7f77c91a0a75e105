/**
 * Preloaded into every server the bench starts (real and bare alike, with --expose-gc): on the
 * bench's 'gc' message it runs a full collection and answers with what the process holds, so a
 * memory reading counts what the server keeps, not garbage a collection has not reached yet.
 */
import { readFileSync } from 'node:fs';

export interface HeldMemory {
  /** Resident size: the bench reads it itself (/proc), once the process has settled. */
  rss: number;
  /** V8's heap: committed, and in use by live objects. */
  heap: number;
  heapUsed: number;
  /** Resident pages of WebAssembly memories (embedded PGlite's PostgreSQL). */
  wasm: number;
}

/** What the server answers; the bench adds the resident size. */
export type ServerHeldMemory = Omit<HeldMemory, 'rss'>;

const GUARD_MIN = 1024 ** 3;

/**
 * V8 reserves a WebAssembly memory as one large region: the pages in use are a read-write mapping
 * followed by a gigabytes-long inaccessible (`---p`) guard. Sums the resident size of such mappings.
 */
function wasmResident(): number {
  const maps: { start: bigint; end: bigint; perms: string; rss: number }[] = [];
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+)/.exec(line);
    if (head)
      maps.push({ start: BigInt(`0x${head[1]}`), end: BigInt(`0x${head[2]}`), perms: head[3]!, rss: 0 });
    else if (line.startsWith('Rss:')) maps.at(-1)!.rss = Number(line.split(/\s+/)[1]) * 1024;
  }
  let total = 0;
  maps.forEach((m, i) => {
    const next = maps[i + 1];
    const guarded = next?.perms === '---p' && next.start === m.end && next.end - next.start > GUARD_MIN;
    if (m.perms.startsWith('rw') && guarded) total += m.rss;
  });
  return total;
}

const collect = (globalThis as { gc?: () => void }).gc;
if (process.send && collect) {
  process.on('message', (message) => {
    if (message !== 'gc') return;
    collect();
    const { heapTotal, heapUsed } = process.memoryUsage();
    const held: ServerHeldMemory = { heap: heapTotal, heapUsed, wasm: wasmResident() };
    process.send!({ held });
  });
  // The channel must not keep a server alive that was told to stop.
  process.channel?.unref();
}
