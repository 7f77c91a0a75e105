import type { Db } from '../db/client';
import { type OrgTable, orgRow, saveOrgRow } from '../db/org-row';
import { type Actor, orgInScopeById } from './actor';

type Row<T extends OrgTable> = T['$inferSelect'] | undefined;

/**
 * An organization's settings of one kind, kept in its row of `table` (its sign-in, its learning
 * record store), as its managers read and save them. `present` is the reply from the row (none
 * before the first save); `valuesOf` checks what is sent against the row as it is and gives the
 * columns to save, or refuses. Every call needs an actor who may act on the organization (their
 * own; any for a super admin): 404 otherwise, as for a missing one.
 */
export function orgSettings<T extends OrgTable, Input, Reply>(
  db: Db,
  table: T,
  present: (orgId: number, row: Row<T>) => Reply | Promise<Reply>,
  valuesOf: (orgId: number, input: Input, current: Row<T>) => Promise<Omit<T['$inferInsert'], 'orgId'>>,
) {
  /** The organization's row, once the actor is known to manage it. */
  const rowInScope = async (actor: Actor, orgId: number): Promise<Row<T>> => {
    await orgInScopeById(db, actor, orgId);
    return orgRow(db, table, orgId);
  };
  return {
    rowInScope,
    async settings(actor: Actor, orgId: number): Promise<Reply> {
      return present(orgId, await rowInScope(actor, orgId));
    },
    async saveSettings(actor: Actor, orgId: number, input: Input): Promise<Reply> {
      await saveOrgRow(db, table, orgId, await valuesOf(orgId, input, await rowInScope(actor, orgId)));
      return present(orgId, await orgRow(db, table, orgId));
    },
  };
}
