import { english } from '@playshop/messages/english';
import { isOrgExpired, lockedOutByLicence } from '@playshop/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organizations, signInSessions, users } from '../db/schema';
import { unnestColumns } from '../db/unnest';
import type { Connection } from './hub';

/**
 * Rights follow changes on open sockets too: an ended session is let go at once (socket.ts hears
 * it from sessions/sessions.ts); this recheck, every REVALIDATE_MS with one query for every socket of
 * this instance, is the backstop: a deleted user, a changed role, an ended session or an expired
 * organization.
 */

/** Open tokens per statement of the rights recheck. */
const RECHECK_CHUNK = 1_000;

/** What a socket's token says about its user, checked against the database while it is open. */
interface TokenRights {
  userId: number;
  sessionId: string;
  role: string;
  orgId: number;
}
export interface Rights {
  /** The tokens whose session ended, or whose user is gone or has another role or organization (usually none). */
  stale: readonly TokenRights[];
  /** Each organization's licence expiry (null: none). */
  expiry: ReadonlyMap<number, string | null>;
}
type CheckedSocket = Pick<Connection, 'actor' | 'close'> & { sessionId: string };
const holds = (t: TokenRights, { actor, sessionId }: CheckedSocket) =>
  t.userId === actor.userId && t.sessionId === sessionId && t.role === actor.role && t.orgId === actor.orgId;
/** Rows of `db.execute`: node-postgres gives a result with `rows`, PGlite too. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Of these tokens, the ones the database no longer agrees with, and the expiry of their
 * organizations. Only the disagreements come back (usually none), so 10,000 open sockets cost ten
 * statements with four array parameters each, not 10,000 parameters and rows to build and read.
 */
export async function readRights(db: Db, tokens: TokenRights[], orgIds: number[]): Promise<Rights> {
  const stale: TokenRights[] = [];
  for (let i = 0; i < tokens.length; i += RECHECK_CHUNK) {
    // Embedded PGlite runs a statement on this thread: a slice at a time, with the sockets served
    // between slices, rather than one 20–70 ms stall of every room for 10,000 tokens.
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    stale.push(...(await readStale(db, tokens.slice(i, i + RECHECK_CHUNK))));
  }
  const orgRows = await db
    .select({ id: organizations.id, expiry: organizations.expiry })
    .from(organizations)
    .where(sql`${organizations.id} = any(${sql.param(orgIds)}::int[])`);
  return { stale, expiry: new Map(orgRows.map((o) => [o.id, o.expiry])) };
}

async function readStale(db: Db, tokens: TokenRights[]): Promise<TokenRights[]> {
  const staleRows = await db.execute(sql`
      select t.user_id, t.session_id, t.role, t.org_id
      from ${unnestColumns(tokens, [
        ['int', (t) => t.userId],
        ['text', (t) => t.sessionId],
        ['text', (t) => t.role],
        ['int', (t) => t.orgId],
      ])} as t(user_id, session_id, role, org_id)
      left join ${users} u on u.id = t.user_id
      left join ${signInSessions} s on s.id = t.session_id::uuid and s.ended_at is null
      where u.id is null or s.id is null or u.role::text <> t.role
        or u.org_id is distinct from t.org_id`);
  return rowsOf<{ user_id: number; session_id: string; role: string; org_id: number }>(staleRows).map(
    (r) => ({ userId: r.user_id, sessionId: r.session_id, role: r.role, orgId: r.org_id }),
  );
}

/**
 * Closes the open sockets whose token no longer speaks for its user, or whose organization's
 * licence ran out. Only the sockets that were open when the database was read are judged: one that
 * opened meanwhile passed its own check at the upgrade, and its token was not asked about. It runs
 * every few seconds over every socket, so it matches by user id, with no key built per socket.
 */
export async function recheckOpenSockets(
  open: ReadonlySet<CheckedSocket>,
  readRights: (tokens: TokenRights[], orgIds: number[]) => Promise<Rights>,
): Promise<void> {
  const checked = [...open];
  // Each token once: a user's sockets almost always share one; another one of theirs is asked too.
  const tokens: TokenRights[] = [];
  const byUser = new Map<number, TokenRights>();
  const orgIds = new Set<number>();
  for (const live of checked) {
    const known = byUser.get(live.actor.userId);
    if (known && holds(known, live)) continue;
    const { userId, role, orgId } = live.actor;
    const t = { userId, sessionId: live.sessionId, role, orgId };
    if (!known) byUser.set(userId, t);
    tokens.push(t);
    orgIds.add(orgId);
  }
  const rights = await readRights(tokens, [...orgIds]);
  // Nearly always nothing changed: then no socket is judged one by one (at 10,000 sockets this loop
  // was half the recheck's main-thread time, every 2 s, landing on rolls: docs/performance.md).
  const anyExpired = [...rights.expiry.values()].some((expiry) => isOrgExpired(expiry));
  if (rights.stale.length === 0 && !anyExpired) return;
  const staleByUser = new Map<number, TokenRights[]>();
  for (const t of rights.stale) staleByUser.set(t.userId, [...(staleByUser.get(t.userId) ?? []), t]);
  for (const live of checked) {
    if (!open.has(live)) continue;
    const { actor } = live;
    const valid =
      !staleByUser.get(actor.userId)?.some((t) => holds(t, live)) &&
      !lockedOutByLicence(actor.role, rights.expiry.get(actor.orgId));
    if (!valid) live.close(4403, english('errors.orgExpired'));
  }
}
