/**
 * `npm run bench:login`: POST /participantLogin throughput of the real server against a bare Fastify
 * route doing the same player lookup through the same driver (bench/login-server.ts), each in its own
 * process on one embedded PGlite database, driven by the same autocannon load in this process.
 * Writes the figures into docs/performance.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../apps/server/src/db/client';
import { organizations, users } from '../apps/server/src/db/schema';
import { root, writePerformanceBlock } from './bench-server';

const PLAYERS = 2000;
const DURATION_S = 10;
/** Rounds of bare then real, each server started afresh: the medians resist a machine busy with other work. */
const ROUNDS = 3;
const CONNECTIONS = 20;
const ORG = 'Bench Org';

async function seed(dataDir: string): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  await database.migrate();
  const [org] = await database.db.insert(organizations).values({ name: ORG }).returning();
  for (let i = 0; i < PLAYERS; i += 500)
    await database.db.insert(users).values(
      Array.from({ length: Math.min(500, PLAYERS - i) }, (_, k) => ({
        firstName: 'Bench',
        lastName: `Player ${i + k}`,
        username: `bench-player-${i + k}`,
        role: 'PLAYER' as const,
        orgId: org!.id,
      })),
    );
  await database.close();
}

function startServer(mode: 'real' | 'bare', dataDir: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'bench/login-server.ts'), mode, dataDir],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const match = /PORT (\d+)/.exec(out);
      if (match) resolve({ child, port: Number(match[1]) });
    });
    child.on('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });

interface Run {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  ok: number;
}

async function load(port: number, duration = DURATION_S): Promise<Run> {
  let n = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/api/v1/participantLogin`,
    method: 'POST',
    connections: CONNECTIONS,
    duration,
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({ username: `bench-player-${n++ % PLAYERS}`, org: ORG }),
        }),
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
    ok: result['2xx'],
  };
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'playshop-login-bench-'));
  try {
    await seed(dataDir);
    const runs: Record<'real' | 'bare', Run[]> = { real: [], bare: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const mode of ['bare', 'real'] as const) {
        const { child, port } = await startServer(mode, dataDir);
        await load(port, 3); // warm-up: JIT, caches, the first connections
        const run = await load(port);
        runs[mode].push(run);
        await stop(child);
        console.log(`round ${round + 1}`, mode, run);
      }
    }
    await report(runs.real, runs.bare);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The run of median throughput. */
function median(runs: Run[]): Run {
  return [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)]!;
}

async function report(realRuns: Run[], bareRuns: Run[]) {
  const [real, bare] = [median(realRuns), median(bareRuns)];
  const date = new Date().toISOString().slice(0, 10);
  const pct = ((real.rps / bare.rps) * 100).toFixed(0);
  const each = realRuns.map((r, i) => `${((r.rps / bareRuns[i]!.rps) * 100).toFixed(0)}%`).join(', ');
  const table = [
    `Measured by \`npm run bench:login\` on ${date} (${process.platform}, Node ${process.version}, embedded PGlite, ${PLAYERS} players, ${CONNECTIONS} connections for ${DURATION_S} s after a 3 s warm-up, ${ROUNDS} rounds of bare then Playshop, each server in its own process; the medians are shown).`,
    '',
    '| measure | Playshop `POST /participantLogin` | bare Fastify lookup | Playshop / bare |',
    '|---|---|---|---|',
    `| requests per second | ${real.rps.toFixed(0)} | ${bare.rps.toFixed(0)} | ${pct}% |`,
    `| latency p50 | ${real.p50} ms | ${bare.p50} ms | |`,
    `| latency p99 | ${real.p99} ms | ${bare.p99} ms | |`,
    `| answered 2xx / other | ${real.ok} / ${real.errors} | ${bare.ok} / ${bare.errors} | |`,
    '',
    `Playshop / bare in each round: ${each}.`,
  ].join('\n');
  await writePerformanceBlock('login', 'Player login (`npm run bench:login`)', table);
  console.log(table);
}

await main();
