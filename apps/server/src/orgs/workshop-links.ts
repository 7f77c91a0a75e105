import { english } from '@playshop/messages/english';
import { message, type OrgWorkshopLink } from '@playshop/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organizations, orgWorkshops, workshops } from '../db/schema';
import { type Actor, orgInScope } from '../http/actor';
import { conflict, notFound } from '../http/errors';
import { findOrgById } from './reading';

async function assertOrgExists(db: Db, orgId: number): Promise<void> {
  const org = await findOrgById(db, orgId);
  if (!org) throw notFound(message('errors.organizationNotFound'));
}

/** The workshops an organization may run: linked by the super admin, listed for its admins. */
export function orgWorkshopLinks(db: Db) {
  return {
    /** The workshops linked to an organization, by name (the admin dashboard's current workshops). */
    async workshopsOf(actor: Actor, orgName: string): Promise<{ id: number; name: string }[]> {
      const org = await orgInScope(db, actor, eq(organizations.name, orgName));
      return db
        .select({ id: workshops.id, name: workshops.name })
        .from(orgWorkshops)
        .innerJoin(workshops, eq(workshops.id, orgWorkshops.workshopId))
        .where(eq(orgWorkshops.orgId, org.id))
        .orderBy(asc(workshops.name));
    },

    /** GET /get-linkable-workshops: the workshops not yet linked to the organization (the 'add' choice). */
    async linkableWorkshops(orgId: number): Promise<{ id: number; name: string }[]> {
      await assertOrgExists(db, orgId);
      return db
        .select({ id: workshops.id, name: workshops.name })
        .from(workshops)
        .where(
          sql`not exists (select 1 from ${orgWorkshops} where ${orgWorkshops.orgId} = ${orgId} and ${orgWorkshops.workshopId} = ${workshops.id})`,
        )
        .orderBy(asc(sql`lower(${workshops.name})`));
    },

    async link(orgId: number, workshopId: number): Promise<OrgWorkshopLink> {
      await assertOrgExists(db, orgId);
      const [workshop] = await db
        .select({ id: workshops.id, name: workshops.name })
        .from(workshops)
        .where(eq(workshops.id, workshopId))
        .limit(1);
      if (!workshop) throw notFound(message('organizations.workshopNotFound'));
      const [row] = await db
        .insert(orgWorkshops)
        .values({ orgId, workshopId })
        .onConflictDoNothing()
        .returning();
      if (!row) throw conflict(message('organizations.alreadyLinked'));
      return { id: row.id, orgId, workshopId, workshop };
    },

    async unlink(orgId: number, workshopId: number): Promise<{ message: string }> {
      const removed = await db
        .delete(orgWorkshops)
        .where(and(eq(orgWorkshops.orgId, orgId), eq(orgWorkshops.workshopId, workshopId)))
        .returning({ id: orgWorkshops.id });
      if (removed.length === 0) throw notFound(message('organizations.notLinked'));
      return { message: english('organizations.workshopRemoved') };
    },
  };
}
