import { ADMIN_ROLES, ignoresLicenceExpiry, ROLES, type Role, STAFF_ROLES } from '@playshop/shared';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { signInSessions, users, userTwoFactor } from '../db/schema';
import type { EndReason, SessionEnds } from '../sessions/sessions';

/**
 * Which sessions a changed rule ends (sessions/sessions.ts ends them everywhere at once). Each picks
 * by the session's user as the database has it now; docs/security.md lists them.
 */

const usersWhere = (where: ReturnType<typeof and>) =>
  inArray(signInSessions.userId, sql`(select ${users.id} from ${users} where ${where})`);

/**
 * Two-factor became required (`'product'`: for every staff account; an organization id: for its
 * admins): the password sessions of those who have not turned it on end. Their next sign-in asks
 * them to enrol (the only grace: none for a session already open). Single sign-on sessions stay:
 * two-factor applies to password sign-in.
 */
export async function endSessionsWithoutTwoFactor(
  ends: SessionEnds,
  scope: 'product' | number,
  acting: string,
) {
  const roles: readonly Role[] = scope === 'product' ? STAFF_ROLES : ADMIN_ROLES;
  const enrolled = sql`exists (select 1 from ${userTwoFactor} where ${userTwoFactor.userId} = ${users.id} and ${userTwoFactor.enabledAt} is not null)`;
  const concerned = and(
    eq(signInSessions.kind, 'password'),
    usersWhere(
      and(
        inArray(users.role, [...roles]),
        scope === 'product' ? undefined : eq(users.orgId, scope),
        sql`not ${enrolled}`,
      ),
    ),
  );
  await endAllBut(ends, concerned, acting, 'two_factor_required');
}

/**
 * Ends the sessions `concerned` picks at once, except the one that made the change, which gets the
 * bounded grace of `endSoon` (it can still turn the rule back off; it renews no more).
 */
async function endAllBut(ends: SessionEnds, concerned: SQL | undefined, acting: string, reason: EndReason) {
  await ends.end(and(concerned, ne(signInSessions.id, acting)), reason);
  await ends.endSoon(and(concerned, eq(signInSessions.id, acting)), reason);
}

/** Password sign-in turned off for an organization: its people's password sessions end (never a super admin's). */
export async function endPasswordSessions(ends: SessionEnds, orgId: number, acting: string) {
  const concerned = and(
    inArray(signInSessions.kind, ['password', 'two_factor']),
    usersWhere(and(eq(users.orgId, orgId), sql`${users.role} <> 'SUPER_ADMIN'`)),
  );
  await endAllBut(ends, concerned, acting, 'password_sign_in_off');
}

/** An organization's licence ended: the sessions of everyone it locks out end (a super admin's stay). */
export async function endLicencedSessions(ends: SessionEnds, orgId: number) {
  const lockedOut = ROLES.filter((role) => !ignoresLicenceExpiry(role));
  return ends.end(usersWhere(and(eq(users.orgId, orgId), inArray(users.role, lockedOut))), 'licence_ended');
}
