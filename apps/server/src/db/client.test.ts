import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../test/global-setup';
import { openDatabase } from './client';

const url = process.env.TEST_DATABASE_URL;
const runHere = url !== undefined && inject('dbKind') === 'postgres';

describe.skipIf(!runHere)('migrations on PostgreSQL', () => {
  it('two instances migrating an empty database at once both succeed', async () => {
    const name = `playshop_migrate_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const [a, b] = await Promise.all(
      [1, 2].map(() => openDatabase({ kind: 'postgres', url: withDatabase(url!, name), poolSize: 1 })),
    );
    try {
      await Promise.all([a!.migrate(), b!.migrate()]);
      const { rows } = (await a!.db.execute(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      )) as unknown as {
        rows: { n: number }[];
      };
      expect(rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await a!.close();
      await b!.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 60_000);
});
