import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { uniqueUsername } from '../auth/nicknames';
import type { Db } from '../db/client';
import { ltiAccounts, users } from '../db/schema';
import { escapeLike } from '../http/pagination';
import type { Launch } from './launch';

/** The LTI role claim's values that make a launch an instructor's (course author, teacher, admin). */
const INSTRUCTOR =
  /(^|[#/])(Instructor|Administrator|ContentDeveloper)$|membership\/Instructor#|^(Instructor|Administrator|ContentDeveloper)$/;

/** Whether the roles claim names an instructor (Instructor, Administrator or ContentDeveloper). */
export const isInstructor = (roles: unknown): boolean =>
  Array.isArray(roles) && roles.some((r) => typeof r === 'string' && INSTRUCTOR.test(r));

export interface LtiPerson {
  orgId: number;
  issuer: string;
  sub: string;
  staff: boolean;
  claims: Record<string, unknown>;
}

/** The person a verified launch names, as a learner or as staff. */
export const personOf = (launch: Launch, staff: boolean): LtiPerson => ({
  orgId: launch.platform.orgId,
  issuer: launch.platform.issuer,
  sub: String(launch.claims.sub),
  staff,
  claims: launch.claims,
});

const text = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 100) : '');

/** The name a new account gets: the platform's name claims, else a neutral one. */
function namesOf(claims: Record<string, unknown>) {
  const given = text(claims.given_name);
  const family = text(claims.family_name);
  const full = text(claims.name) || [given, family].filter(Boolean).join(' ');
  return { firstName: given || full || 'Learner', lastName: family, nickname: full || 'Learner' };
}

/**
 * The Playshop account of a platform's user in an organization, by (issuer, sub) and whether they
 * come as staff: made at the first launch, a PLAYER for a learner and a FACILITATOR for an
 * instructor (docs/decisions.md), with a username from their name. Never matched by email: the
 * platform does not vouch for one to this organization.
 */
export async function ltiAccount(db: Db, log: FastifyBaseLogger, person: LtiPerson): Promise<number> {
  const key = and(
    eq(ltiAccounts.orgId, person.orgId),
    eq(ltiAccounts.issuer, person.issuer),
    eq(ltiAccounts.sub, person.sub),
    eq(ltiAccounts.staff, person.staff),
  );
  const find = async () => (await db.select({ userId: ltiAccounts.userId }).from(ltiAccounts).where(key))[0];
  const found = await find();
  if (found) return found.userId;
  const { firstName, lastName, nickname } = namesOf(person.claims);
  for (let attempt = 0; attempt < 5; attempt++) {
    const lower = nickname.toLowerCase();
    const taken = await db
      .select({ username: users.username })
      .from(users)
      .where(
        and(
          eq(users.orgId, person.orgId),
          sql`(lower(${users.username}) = ${lower} or lower(${users.username}) like ${`${escapeLike(lower)} %`})`,
        ),
      );
    const username = uniqueUsername(
      nickname,
      taken.map((t) => t.username ?? ''),
    );
    const made = await db
      .transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            firstName,
            lastName,
            username,
            role: person.staff ? 'FACILITATOR' : 'PLAYER',
            orgId: person.orgId,
          })
          .onConflictDoNothing()
          .returning({ id: users.id });
        if (!user) return null;
        const [linked] = await tx
          .insert(ltiAccounts)
          .values({
            orgId: person.orgId,
            issuer: person.issuer,
            sub: person.sub,
            staff: person.staff,
            userId: user.id,
          })
          .onConflictDoNothing()
          .returning({ userId: ltiAccounts.userId });
        // Two first launches at once: the other made the account; this one's user goes with the transaction.
        if (!linked) throw new LinkedMeanwhile();
        return user.id;
      })
      .catch((err) => {
        if (err instanceof LinkedMeanwhile) return null;
        throw err;
      });
    if (made) {
      log.info(
        { userId: made, orgId: person.orgId, staff: person.staff },
        'account created at its first LTI launch',
      );
      return made;
    }
    const meanwhile = await find();
    if (meanwhile) return meanwhile.userId;
  }
  throw new Error('no free username for an LTI account');
}

class LinkedMeanwhile extends Error {}
