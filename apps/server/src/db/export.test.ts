import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { firstStart } from '../first-start/first-start';
import { withDatabase } from '../test/global-setup';
import { type Database, openDatabase } from './client';
import { exportPgliteToPostgres } from './export';
import { gameEvents, games, rooms, users } from './schema';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn('[playshop] PGlite → PostgreSQL export test skipped: TEST_DATABASE_URL is not set.');
// Runs once, in the PostgreSQL run of the server suite (the PGlite run has nothing to add).
const runHere = url !== undefined && inject('dbKind') === 'postgres';

/** Every public table's rows as one JSON text, in id order: equal texts mean equal data. */
async function contents(database: Database): Promise<Record<string, string>> {
  const q = async <T>(query: string) =>
    ((await database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
  const tables = await q<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await q<{ data: string | null }>(
      `select json_agg(t order by t::text)::text as data from public."${name}" t`,
    );
    out[name] = row?.data ?? '[]';
  }
  return out;
}

describe.skipIf(!runHere)('db:export (PGlite → PostgreSQL)', () => {
  let pgliteDir: string;
  const databases: string[] = [];
  const admin = new pg.Client({ connectionString: url });
  const newDatabase = async () => {
    const name = `playshop_export_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await admin.query(`create database ${name}`);
    databases.push(name);
    return withDatabase(url!, name);
  };

  beforeAll(async () => {
    await admin.connect();
    pgliteDir = path.join(await mkdtemp(path.join(tmpdir(), 'playshop-export-')), 'pglite');
    const source = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
    await source.migrate();
    await firstStart(source.db, {
      adminEmail: 'admin@example.com',
      adminPassword: 'long enough',
      demoData: true,
    });
    // A game with events (jsonb payloads, a bigserial id, timestamps), as the live game writes them.
    const [room] = await source.db.select().from(rooms);
    const [game] = await source.db.insert(games).values({ roomId: room!.id, lastSeq: 2 }).returning();
    await source.db.insert(gameEvents).values([
      { gameId: game!.id, seq: 1, type: 'lobby_opened', payload: {} },
      { gameId: game!.id, seq: 2, type: 'rolled', payload: { ball: 42, note: 'it\'s "quoted" ✓' } },
    ]);
    await source.close();
  }, 120_000);

  afterAll(async () => {
    for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    if (pgliteDir) await rm(path.dirname(pgliteDir), { recursive: true, force: true });
  });

  it('copies every row into an empty database, and new rows continue after the copied ids', async () => {
    const targetUrl = await newDatabase();
    const report = await exportPgliteToPostgres({ pgliteDir, postgresUrl: targetUrl });
    expect(report.tables.find((t) => t.name === 'game_events')?.rows).toBe(2);
    expect(report.tables.find((t) => t.name === 'users')?.rows).toBe(7);
    // Parents before children.
    const names = report.tables.map((t) => t.name);
    expect(names.indexOf('organizations')).toBeLessThan(names.indexOf('users'));
    expect(names.indexOf('games')).toBeLessThan(names.indexOf('game_events'));

    const source = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
    const target = await openDatabase({ kind: 'postgres', url: targetUrl, poolSize: 1 });
    try {
      const [a, b] = [await contents(source), await contents(target)];
      expect(Object.keys(b)).toEqual(Object.keys(a));
      for (const table of Object.keys(a)) expect(b[table], table).toBe(a[table]);

      const maxId = Math.max(...(await source.db.select({ id: users.id }).from(users)).map((u) => u.id));
      const [org] = await target.db.select().from(rooms);
      const [added] = await target.db
        .insert(users)
        .values({
          firstName: 'New',
          lastName: 'User',
          username: 'new-user',
          role: 'PLAYER',
          orgId: org!.orgId,
        })
        .returning();
      expect(added!.id).toBe(maxId + 1);
      const [event] = await target.db.select().from(gameEvents).where(eq(gameEvents.seq, 2));
      expect(event!.payload).toEqual({ ball: 42, note: 'it\'s "quoted" ✓' });
    } finally {
      await source.close();
      await target.close();
    }

    // A second export into the same database is refused: it is no longer empty.
    await expect(exportPgliteToPostgres({ pgliteDir, postgresUrl: targetUrl })).rejects.toThrow(
      /The target database is not empty \(table \w+ has rows\)/,
    );
  }, 120_000);

  it('runs as npm run db:export and explains a missing --to', async () => {
    const run = (args: string[]) =>
      new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/db/export-cli.ts', ...args], {
          cwd: serverRoot,
          env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: path.dirname(pgliteDir) },
        });
        let output = '';
        child.stdout.on('data', (d) => (output += d));
        child.stderr.on('data', (d) => (output += d));
        child.on('exit', (code) => resolve({ code, output }));
      });
    const missing = await run([]);
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('--to is required');
    const done = await run(['--to', await newDatabase()]);
    expect(done.output).toMatch(/Done: \d+ rows in \d+ tables/);
    expect(done.code).toBe(0);
  }, 120_000);
});
