import { ERRORS, isOrgExpired } from '@playshop/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organizations, orgWorkshops, workshops } from '../db/schema';
import { type Actor, assertOrgScope } from '../http/actor';
import { notFound } from '../http/errors';

export function orgsService(db: Db) {
  async function findByName(name: string) {
    const [org] = await db.select().from(organizations).where(eq(organizations.name, name)).limit(1);
    return org;
  }

  return {
    /** GET /check-org-expiry: anyone may ask about their own organization, super admins about any. */
    async checkExpiry(actor: Actor, orgId: number, now = new Date()): Promise<{ expired: boolean }> {
      assertOrgScope(actor, orgId, ERRORS.organizationNotFound);
      const [org] = await db
        .select({ expiry: organizations.expiry })
        .from(organizations)
        .where(eq(organizations.id, orgId))
        .limit(1);
      if (!org) throw notFound(ERRORS.organizationNotFound);
      return { expired: isOrgExpired(org.expiry, now) };
    },

    /** The workshops linked to an organization, by name (the admin dashboard's current workshops). */
    async workshopsOf(actor: Actor, orgName: string): Promise<{ id: number; name: string }[]> {
      const org = await findByName(orgName);
      if (!org) throw notFound(ERRORS.organizationNotFound);
      assertOrgScope(actor, org.id, ERRORS.organizationNotFound);
      return db
        .select({ id: workshops.id, name: workshops.name })
        .from(orgWorkshops)
        .innerJoin(workshops, eq(workshops.id, orgWorkshops.workshopId))
        .where(eq(orgWorkshops.orgId, org.id))
        .orderBy(asc(workshops.name));
    },

    findByName,
  };
}

export type OrgsService = ReturnType<typeof orgsService>;
