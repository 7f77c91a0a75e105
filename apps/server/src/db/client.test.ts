/**
 * The PGlite client drizzle sees drops the parsers drizzle passes with every query, because the
 * instance already reads those types raw (db/client.ts). Values must come back exactly as from
 * drizzle over a plain PGlite: dates, intervals, their arrays, numerics, JSON, ints, in and out of
 * transactions.
 */
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import {
  date,
  integer,
  interval,
  jsonb,
  numeric,
  type PgDatabase,
  type PgQueryResultHKT,
  pgTable,
  timestamp,
} from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, foregroundWithin, inBackground, openDatabase } from './client';

const sample = pgTable('sample', {
  id: integer('id').primaryKey(),
  at: timestamp('at', { mode: 'date' }),
  atZone: timestamp('at_zone', { mode: 'date', withTimezone: true }),
  atText: timestamp('at_text', { mode: 'string' }),
  day: date('day', { mode: 'date' }),
  dayText: date('day_text'),
  span: interval('span'),
  ats: timestamp('ats', { mode: 'date' }).array(),
  amount: numeric('amount'),
  amounts: numeric('amounts').array(),
  data: jsonb('data'),
});

const CREATE = `create table sample (
  id integer primary key, at timestamp, at_zone timestamptz, at_text timestamp, day date,
  day_text date, span interval, ats timestamp[], amount numeric, amounts numeric[], data jsonb)`;

const row = (id: number) => ({
  id,
  at: new Date('2026-11-26T07:08:09.123Z'),
  atZone: new Date('2026-11-26T23:59:59.000Z'),
  atText: '2026-01-02 03:04:05.678',
  day: new Date('2026-02-28T00:00:00.000Z'),
  dayText: '2024-02-29',
  span: '1 day 02:03:04',
  ats: [new Date('2026-03-04T05:06:07.000Z'), new Date('2026-12-31T23:00:00.000Z')],
  amount: '12345.678',
  amounts: ['1.5', '-2'],
  data: { cards: [1, 2, 3], at: '2026-11-26' },
});

type AnyDb = PgDatabase<PgQueryResultHKT, Record<string, never>>;

/** What a program reads back: the typed select, a raw statement, and both inside transactions. */
async function readBack(db: AnyDb) {
  await db.execute(sql.raw(CREATE));
  await db.insert(sample).values(row(1));
  const typed = await db.select().from(sample);
  const rawRows = await db.execute(
    sql`select at, at_zone, day, span, ats, amount, amounts, data, id from sample`,
  );
  const inTransaction = await db.transaction(async (tx) => {
    await tx.insert(sample).values(row(2));
    const nested = await tx.transaction(async (inner) => inner.select().from(sample));
    return { outer: await tx.select().from(sample), nested };
  });
  const rows = (result: unknown) => (result as { rows: unknown[] }).rows;
  return { typed, raw: rows(rawRows), inTransaction };
}

describe('the PGlite client drizzle sees', () => {
  let database: Database;
  let plain: PGlite;
  beforeAll(async () => {
    // Both start from the run's template (test/global-setup.ts) rather than a fresh initdb each (10-40 s).
    const template = () => readFile(inject('pgliteTemplate')).then((dump) => new Blob([dump]));
    database = await openDatabase({ kind: 'pglite', loadDataDir: await template() });
    plain = await PGlite.create({ loadDataDir: await template() });
  });
  afterAll(async () => {
    await database.close();
    await plain.close();
  });

  it('reads every type back as drizzle over a plain PGlite does, in and out of transactions', async () => {
    const ours = await readBack(database.db as unknown as AnyDb);
    const reference = await readBack(drizzle(plain) as unknown as AnyDb);
    expect(ours).toEqual(reference);
    // And the values are the ones written, not merely the same mistake twice.
    expect(ours.typed).toEqual([row(1)]);
    expect(ours.inTransaction.nested).toEqual([row(1), row(2)]);
  });

  it("lets background work onto the one connection only after the game's statements, waiting or running", async () => {
    const db = database.db;
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    // A journal write under way: its transaction holds the connection until released.
    const journal = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      entered();
      await held;
      order.push('journal');
    });
    await inside;
    expect(foregroundWithin(db, 60_000)).toBe(true);
    // The projector asks first: a read, then a write transaction of two statements.
    const projector = inBackground(db, async () => {
      await db.execute(sql`select 2`);
      order.push('projector');
      // Its own statements do not wait for themselves.
      await db.transaction(async (tx) => {
        await tx.execute(sql`select 3`);
        await tx.execute(sql`select 4`);
      });
    });
    // A roll arrives after it, while the journal's transaction still runs.
    await new Promise((resolve) => setImmediate(resolve));
    const roll = db.execute(sql`select 5`).then(() => order.push('roll'));
    release();
    await Promise.all([journal, projector, roll]);
    // Without the gate the projector's read queues before the roll's statement.
    expect(order).toEqual(['journal', 'roll', 'projector']);
  });
});
