import {
  checkPlayerRows,
  type ImportPlayersInput,
  type ImportRowProblem,
  PLAYER_CSV_COLUMNS,
} from '@playshop/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { type Actor, orgForWrite, orgInScopeById } from '../http/actor';
import { toCsv } from '../http/csv';
import { takenUsernames, writing } from './checks';

/** An organization's players in and out as CSV (SPEC §6 Players: import and export). */
export function playerCsvService(db: Db) {
  return {
    /**
     * Creates every row as a player of the organization in one transaction, after checking each row
     * again with the shared schema and against the usernames taken: any bad row and nothing is saved.
     */
    async importPlayers(
      actor: Actor,
      input: ImportPlayersInput,
    ): Promise<{ imported: number } | { problems: ImportRowProblem[] }> {
      await orgForWrite(db, actor, input.organizationId);
      const lowered = input.rows.map((r) => r.username.trim().toLowerCase()).filter(Boolean);
      const taken = await takenUsernames(db, [...new Set(lowered)], input.organizationId);
      const checked = checkPlayerRows(input.rows, taken);
      const problems = checked.flatMap((c) => (c.ok ? [] : [{ row: c.row, reason: c.reason }]));
      if (problems.length > 0) return { problems };
      const values = checked.flatMap((c) =>
        c.ok ? [{ ...c.value, role: 'PLAYER' as const, orgId: input.organizationId }] : [],
      );
      await writing('player', () =>
        db.transaction(async (tx) => {
          for (let i = 0; i < values.length; i += 1000)
            await tx.insert(users).values(values.slice(i, i + 1000));
        }),
      );
      return { imported: values.length };
    },

    /** The organization's players as CSV with the import's columns, and a guest column. */
    async exportPlayers(actor: Actor, organizationId: number): Promise<{ filename: string; csv: string }> {
      const org = await orgInScopeById(db, actor, organizationId);
      const rows = await db
        .select({
          firstName: users.firstName,
          lastName: users.lastName,
          username: users.username,
          isGuest: users.isGuest,
        })
        .from(users)
        .where(and(eq(users.orgId, organizationId), eq(users.role, 'PLAYER')))
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
      const csv = toCsv([
        [...PLAYER_CSV_COLUMNS, 'guest'],
        ...rows.map((r) => [r.firstName, r.lastName, r.username ?? '', r.isGuest ? 'yes' : 'no']),
      ]);
      const safeName = org.name.replace(/[^\w-]+/g, '-');
      return { filename: `${safeName}-players.csv`, csv };
    },
  };
}
