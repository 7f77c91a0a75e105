import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { ExportError, exportPgliteToPostgres } from './export';

// `npm run db:export -- --to postgres://…` (in the image: `node apps/server/dist/db-export.js --to …`):
// copies the embedded database of DATA_DIR (or --from DIR) into an empty PostgreSQL database.
// Stop the server first: PGlite is one process's database.
const USAGE =
  'Usage: npm run db:export -- --to postgres://user:password@host:5432/database [--from DATA_DIR/pglite]';

async function run(): Promise<void> {
  const { values } = parseArgs({ options: { to: { type: 'string' }, from: { type: 'string' } } });
  if (!values.to || !/^postgres(ql)?:\/\//.test(values.to))
    throw new ExportError(`--to is required.\n${USAGE}`);
  const from = values.from ?? path.join(loadConfig().dataDir, 'pglite');
  if (!existsSync(path.join(from, 'PG_VERSION')))
    throw new ExportError(`No embedded database at ${from} (set DATA_DIR or --from).\n${USAGE}`);
  console.log(`Copying ${from} into ${values.to.replace(/\/\/[^@/]*@/, '//…@')}`);
  const report = await exportPgliteToPostgres({ pgliteDir: from, postgresUrl: values.to }, console.log);
  const rows = report.tables.reduce((n, t) => n + t.rows, 0);
  console.log(
    `Done: ${rows} rows in ${report.tables.length} tables. Start the server with DATABASE_URL set to the target ` +
      '(and keep DATA_DIR for uploaded files and the JWT secret).',
  );
}

run().catch((err: unknown) => {
  console.error(err instanceof ExportError || err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
