import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from './client';

export class ExportError extends Error {
  override name = 'ExportError';
}

interface ExportReport {
  tables: { name: string; rows: number }[];
}

/** Rows copied per statement: one JSON document each way, so memory stays bounded. */
const BATCH_ROWS = 2000;
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function rowsOf<T>(database: Database, query: string): Promise<T[]> {
  return ((await database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
}

/** The public tables, parents before children (foreign keys), so each batch satisfies its keys. */
async function tablesInKeyOrder(source: Database): Promise<string[]> {
  const tables = (
    await rowsOf<{ name: string }>(
      source,
      `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
  ).map((t) => t.name);
  const edges = await rowsOf<{ child: string; parent: string }>(
    source,
    `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public'`,
  );
  const unquote = (n: string) => n.replace(/^"|"$/g, '').replace(/""/g, '"');
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of edges)
    if (child !== parent) parents.get(unquote(child))?.add(unquote(parent));
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table)) return;
    if (path.has(table)) throw new ExportError(`Foreign keys form a cycle through ${table}`);
    path.add(table);
    for (const parent of parents.get(table) ?? []) visit(parent, path);
    path.delete(table);
    ordered.push(table);
  };
  for (const t of tables) visit(t, new Set());
  return ordered;
}

/** Refuses a target with a row in any table: the export only fills a new, empty database. */
async function assertEmpty(client: pg.Client): Promise<void> {
  const existing = (
    await client.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public'`,
    )
  ).rows;
  for (const { name } of existing) {
    const { rows } = await client.query(`select 1 from public.${ident(name)} limit 1`);
    if (rows.length > 0)
      throw new ExportError(
        `The target database is not empty (table ${name} has rows): export into a new, empty database`,
      );
  }
}

/**
 * Copies every row of an embedded PGlite database (DATA_DIR/pglite) into an empty PostgreSQL
 * database: both are first migrated to this version's schema, then each table goes across in
 * batches as JSON (PostgreSQL parses each column back with its own type) in one transaction, and
 * the id sequences continue after the copied ids. The target must have no rows in any table.
 */
export async function exportPgliteToPostgres(
  options: { pgliteDir: string; postgresUrl: string },
  log: (line: string) => void = () => undefined,
): Promise<ExportReport> {
  const source = await openDatabase({ kind: 'pglite', dataDir: options.pgliteDir });
  const client = new pg.Client({ connectionString: options.postgresUrl });
  try {
    try {
      await client.connect();
    } catch (err) {
      throw new ExportError(`Cannot connect to the target PostgreSQL: ${(err as Error).message}`);
    }
    await assertEmpty(client);

    log('Migrating the embedded database and the target to this version…');
    await source.migrate();
    const target = await openDatabase({ kind: 'postgres', url: options.postgresUrl, poolSize: 1 });
    try {
      await target.exclusive(() => target.migrate());
    } finally {
      await target.close();
    }

    const tables = await tablesInKeyOrder(source);
    const report: ExportReport = { tables: [] };
    await client.query('begin');
    try {
      for (const table of tables) {
        let copied = 0;
        for (;;) {
          const [row] = await rowsOf<{ batch: string | null }>(
            source,
            `select json_agg(t)::text as batch from (select * from public.${ident(table)} order by ctid
               limit ${BATCH_ROWS} offset ${copied}) t`,
          );
          const batch = row?.batch ?? null;
          if (batch === null) break;
          const result = await client.query(
            `insert into public.${ident(table)} overriding system value
               select * from json_populate_recordset(null::public.${ident(table)}, $1::json)`,
            [batch],
          );
          copied += result.rowCount ?? 0;
          if ((result.rowCount ?? 0) < BATCH_ROWS) break;
        }
        report.tables.push({ name: table, rows: copied });
        log(`  ${table}: ${copied} rows`);
      }
      // New rows continue after the copied ids.
      const serials = await client.query<{ table_name: string; column_name: string }>(
        `select table_name, column_name from information_schema.columns
          where table_schema = 'public' and (column_default like 'nextval(%' or is_identity = 'YES')`,
      );
      for (const { table_name: t, column_name: c } of serials.rows) {
        await client.query(
          `select setval(pg_get_serial_sequence($1, $2), coalesce(max(${ident(c)}), 1), max(${ident(c)}) is not null)
             from public.${ident(t)}`,
          [`public.${ident(t)}`, c],
        );
      }
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    }
    return report;
  } finally {
    await client.end().catch(() => undefined);
    await source.close();
  }
}
