/**
 * Two instances starting together on an empty PostgreSQL database both come up:
 * migrations and the first-start seed run under an advisory lock, one instance after the other.
 * PostgreSQL only (PGlite is one process's own database); runs when TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { firstStart } from '../first-start/first-start';
import { withDatabase } from '../test/global-setup';
import { openDatabase } from './client';
import { users } from './schema';

describe.runIf(inject('dbKind') === 'postgres')('startup on an empty PostgreSQL database', () => {
  it('two instances migrating and seeding at once both succeed, and seed once', {
    timeout: 120_000,
  }, async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `playshop_lock_${randomUUID().replace(/-/g, '')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const a = await openDatabase({ kind: 'postgres', url: withDatabase(url, name), poolSize: 2 });
    const b = await openDatabase({ kind: 'postgres', url: withDatabase(url, name), poolSize: 2 });
    try {
      const start = (database: typeof a) =>
        database.exclusive(async () => {
          await database.migrate();
          return firstStart(database.db, { adminEmail: 'root@example.com', demoData: true });
        });
      const reports = await Promise.all([start(a), start(b)]);
      expect(reports.filter((r) => r !== null)).toHaveLength(1);
      const admins = await a.db.select().from(users).where(eq(users.email, 'root@example.com'));
      expect(admins).toHaveLength(1);
    } finally {
      await a.close();
      await b.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
