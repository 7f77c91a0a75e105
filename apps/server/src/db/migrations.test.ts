import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import * as schema from './tables';

const drizzleDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(drizzleDir, file), 'utf8'));

/**
 * schema.ts is the one description of the database: `npm run db:generate` diffs it against the last
 * migration's snapshot to write the next migration. A migration committed without its snapshot, or a
 * rule written only in a migration's SQL, makes the next one repeat or drop what is already there.
 */
describe('the committed migrations', () => {
  it('end with a snapshot that is exactly schema.ts, so db:generate has nothing to add', async () => {
    const { entries } = readJson('meta/_journal.json') as { entries: { idx: number; tag: string }[] };
    const last = entries.at(-1)!;
    const snapshot = readJson(`meta/${String(last.idx).padStart(4, '0')}_snapshot.json`);
    const statements = await generateMigration(snapshot, generateDrizzleJson(schema, snapshot.id));
    expect(statements, `schema.ts differs from ${last.tag}'s snapshot`).toEqual([]);
  });
});
