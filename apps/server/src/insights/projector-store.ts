import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Db, inBackground } from '../db/client';

/** A statement as text and parameters: what crosses between the projector's worker and the database. */
export interface Statement {
  text: string;
  params: unknown[];
}

const dialect = new PgDialect();

/** A drizzle `sql` fragment as text and parameters (built where the projector runs). */
export function statementOf(q: SQL): Statement {
  const { sql: text, params } = dialect.sqlToQuery(q);
  return { text, params };
}

/** The statement back as a drizzle fragment, for the database's own `execute`. */
export function sqlOf({ text, params }: Statement): SQL {
  // Text and `$n` placeholders alternate; each placeholder becomes its parameter again.
  const parts = text.split(/\$(\d+)\b/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 1 ? sql.param(params[Number(part) - 1]) : sql.raw(part))),
  );
}

/**
 * What a projector batch needs of the database: reads outside any transaction, and its writes as
 * one short transaction of statements only (no folding in between), so embedded PGlite, whose one
 * connection the game's journal shares, is held for the statements alone.
 */
export interface ProjectorStore {
  read<T>(statement: Statement): Promise<T[]>;
  /**
   * Runs the statements in one transaction. The first is the cursor's compare-and-set: when it
   * returns no row (another instance moved the cursor since the batch read it), nothing else runs
   * and it resolves false.
   */
  write(statements: Statement[]): Promise<boolean>;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The store over a database handle: the main thread's (PGlite, tests) or the worker's own pool. On
 * embedded PGlite each read and each write waits for the background's turn on the one connection
 * (db/client.ts inBackground: the game's statements go first); `held` learns how long each then
 * kept it.
 */
export function dbStore(db: Db, held?: (ms: number) => void): ProjectorStore {
  const timed = async <T>(fn: () => Promise<T>) =>
    inBackground(db, async () => {
      const started = performance.now();
      try {
        return await fn();
      } finally {
        held?.(performance.now() - started);
      }
    });
  return {
    read: <T>(statement: Statement) => timed(async () => rowsOf<T>(await db.execute(sqlOf(statement)))),
    write: (statements) =>
      timed(() =>
        db.transaction(async (tx) => {
          const [guard, ...rest] = statements;
          if (rowsOf(await tx.execute(sqlOf(guard!))).length === 0) return false;
          for (const statement of rest) await tx.execute(sqlOf(statement));
          return true;
        }),
      ),
  };
}

/** An event of the log as a batch reads it (the xAPI statements are made of these too). */
export interface EventRow {
  id: number;
  game_id: number;
  seq: number;
  type: string;
  payload: unknown;
  actor_user_id: number | null;
  at: number;
}
