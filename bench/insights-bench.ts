import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { createProjector } from '../apps/server/src/insights/projector';
import { accessTokens } from '../apps/server/src/sessions/tokens';
import { BENCH_SECRET, benchApp } from './bench-app';
import { benchSessions } from './bench-sessions';
import { EVENTS, GAMES, PLAYERS, seed, seededBefore } from './insights-seed';
import { onBenchDatabase } from './scratch-postgres';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

async function run(kind: string, database: Database) {
  console.log(`\n== ${kind}: ${GAMES} games, ${PLAYERS} players, ${EVENTS} events a game`);
  await database.migrate();
  const s = (await seededBefore(database)) ?? (await seed(database));

  const projecting = performance.now();
  const projector = createProjector(database.db);
  while (!(await projector.catchUp(60_000))) {
    /* keep folding */
  }
  const projectSecs = (performance.now() - projecting) / 1000;
  // What autovacuum has done on a live year (statistics, and the visibility map index-only scans use).
  await database.db.execute(sql`vacuum analyze`);
  console.log(
    `projected ${s.events} events in ${projectSecs.toFixed(1)} s (${Math.round(s.events / projectSecs)} events/s)`,
  );

  const { app, close } = await benchApp(database);
  const tokens = accessTokens(BENCH_SECRET);
  const bearer = async (userId: number, role: 'ADMIN' | 'FACILITATOR' | 'PLAYER' | 'SUPER_ADMIN') => {
    const [sessionId] = await benchSessions(database.db, [{ userId, orgId: s.orgId }]);
    const token = await tokens.sign({
      userId,
      role,
      orgId: s.orgId,
      orgName: s.orgName,
      username: 'b',
      sessionId: sessionId!,
    });
    return { authorization: `Bearer ${token}` };
  };
  const admin = await bearer(s.admin.id, 'ADMIN');
  const facilitator = await bearer(s.facilitator.id, 'FACILITATOR');
  const player = await bearer(s.playerId, 'PLAYER');
  const superAdmin = await bearer(s.admin.id, 'SUPER_ADMIN');
  await database.db.execute(sql`update users set role = 'SUPER_ADMIN' where id = ${s.admin.id}`);
  const org = encodeURIComponent(s.orgName);
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 366 * 86_400_000).toISOString().slice(0, 10);
  const year = `from=${yearAgo}&to=${today}`;

  const requests: [string, string, Record<string, string>][] = [
    ['baseline: GET /dashboard/org (existing)', `/dashboard/org/${org}`, superAdmin],
    ...['summary', 'games', 'questions', 'content', 'bingo', 'weeks'].map(
      (f) =>
        [`${f} (admin, a year)`, `/insights/org/${org}/${f}?${year}`, superAdmin] as [
          string,
          string,
          Record<string, string>,
        ],
    ),
    ['summary (default 12 weeks)', `/insights/org/${org}/summary`, superAdmin],
    ['questions (one room, a year)', `/insights/org/${org}/questions?${year}&roomId=${s.roomId}`, superAdmin],
    ['summary (a facilitator, a year)', `/insights/org/${org}/summary?${year}`, facilitator],
    ['export/games CSV (a year)', `/insights/org/${org}/export/games?${year}`, superAdmin],
    ['product (super admin)', `/insights/product`, superAdmin],
    ['me (a player)', '/insights/me', player],
  ];
  void admin;
  console.log(
    `${'request'.padEnd(42)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'× base'.padStart(7)}`,
  );
  let baseP95 = 1;
  for (const [label, url, headers] of requests) {
    const times: number[] = [];
    for (let i = 0; i < RUNS + 3; i++) {
      const t = performance.now();
      const res = await app.inject({ url: `/api/v1${url}`, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (i >= 3) times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const p95 = quantile(times, 0.95);
    if (label.startsWith('baseline')) baseP95 = p95;
    console.log(
      `${label.padEnd(42)} ${quantile(times, 0.5).toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)} ${(p95 / baseP95).toFixed(1).padStart(7)}`,
    );
  }
  // What one figure costs when read from the log itself: the right answers of a year, per request.
  const scan = performance.now();
  await database.db.execute(sql`
    select count(*) from game_events e join games g on g.id = e.game_id join rooms r on r.id = g.room_id
    where r.org_id = ${s.orgId} and e.type = 'question_answered'`);
  console.log(
    `for comparison, one scan of the log (answers of the year): ${(performance.now() - scan).toFixed(0)} ms`,
  );
  await close();
}

await onBenchDatabase('playshop_insights_bench', run);
