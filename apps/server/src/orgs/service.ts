import {
  can,
  isLanguage,
  isOrgExpired,
  message,
  ORG_TEXTS,
  type OrganizationReply,
  type OrgOption,
  type OrgWorkshopLink,
  type ZCreateOrganization,
  type ZEditOrganization,
} from '@playshop/shared';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { organizations, orgWorkshops, users, workshops } from '../db/schema';
import { type Actor, orgInScope, orgScope } from '../http/actor';
import { isForeignKeyViolation, isUniqueViolation } from '../http/db-errors';
import { AppError, conflict, forbidden, notFound } from '../http/errors';
import { ilikeLiteral, paged, pageWindow } from '../http/pagination';

type CreateOrg = z.output<typeof ZCreateOrganization>;
type EditOrg = z.output<typeof ZEditOrganization>;

/** The fields of an organization that leave the server. */
function presentOrganization(row: typeof organizations.$inferSelect): OrganizationReply {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    phone: row.phone,
    website: row.website,
    email: row.email,
    expiry: row.expiry,
    hideRollAnimation: row.hideRollAnimation,
    allowGuests: row.allowGuests,
    musicPlaylistUrl: row.musicPlaylistUrl,
    language: isLanguage(row.language) ? row.language : 'en',
  };
}

const byName = asc(sql`lower(${organizations.name})`);

export function orgsService(db: Db) {
  async function findByName(name: string) {
    const [org] = await db.select().from(organizations).where(eq(organizations.name, name)).limit(1);
    return org;
  }

  async function findById(id: number) {
    const [org] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
    return org;
  }

  async function nameTaken(name: string, exceptId?: number): Promise<boolean> {
    const rows = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(sql`lower(${organizations.name}) = lower(${name})`)
      .limit(2);
    return rows.some((row) => row.id !== exceptId);
  }

  async function pageOf(page: number, size: number, term?: string) {
    const where = term ? ilikeLiteral(organizations.name, term) : undefined;
    const { offset, limit } = pageWindow(page, size);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(organizations)
        .where(where)
        .orderBy(byName, asc(organizations.id))
        .offset(offset)
        .limit(limit),
      db.select({ n: count() }).from(organizations).where(where),
    ]);
    return paged(rows.map(presentOrganization), page, size, total?.n ?? 0);
  }

  return {
    /** GET /check-org-expiry: anyone may ask about their own organization, super admins about any. */
    async checkExpiry(actor: Actor, orgId: number, now = new Date()): Promise<{ expired: boolean }> {
      const org = await orgInScope(db, actor, eq(organizations.id, orgId));
      return { expired: isOrgExpired(org.expiry, now) };
    },

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

    /** GET /get-org-by-name, /get-org-by-id: the caller's own organization, or any for a super admin. */
    async getByName(actor: Actor, name: string): Promise<OrganizationReply> {
      return presentOrganization(await orgInScope(db, actor, eq(organizations.name, name)));
    },

    async getById(actor: Actor, id: number): Promise<OrganizationReply> {
      return presentOrganization(await orgInScope(db, actor, eq(organizations.id, id)));
    },

    /** GET /get-orgs: id and name of every organization a user form may offer (own only for non-super-admins). */
    async options(actor: Actor): Promise<OrgOption[]> {
      return db
        .select({ id: organizations.id, name: organizations.name })
        .from(organizations)
        .where(orgScope(actor, organizations.id))
        .orderBy(byName);
    },

    async count(): Promise<{ count: number }> {
      const [row] = await db.select({ n: count() }).from(organizations);
      return { count: row?.n ?? 0 };
    },

    /** GET /get-paginated-orgs, /search-orgs: by name, case-insensitive, 10 a page. */
    page: (page: number, size: number) => pageOf(page, size),
    search: (term: string, page: number, size: number) => pageOf(page, size, term),

    async create(input: CreateOrg): Promise<OrganizationReply> {
      if (await nameTaken(input.name)) throw conflict(message('organizations.duplicateName'));
      try {
        const [row] = await db
          .insert(organizations)
          .values({
            name: input.name,
            address: input.address,
            phone: input.phone,
            website: input.website,
            email: input.email,
            expiry: input.expiry ?? null,
            hideRollAnimation: input.hideRollAnimation ?? false,
            allowGuests: input.allowGuests ?? false,
            musicPlaylistUrl: input.musicPlaylistUrl ?? null,
            language: input.language ?? 'en',
          })
          .returning();
        return presentOrganization(row!);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(message('organizations.duplicateName'));
        throw error;
      }
    },

    /**
     * PATCH /edit-org. A super admin changes anything; an admin only the General fields of their own
     * organization (address, phone, website, email, hideRollAnimation, musicPlaylistUrl): name and expiry are the
     * license, and the name is part of every address of the organization's screens.
     */
    async edit(actor: Actor, input: EditOrg): Promise<OrganizationReply> {
      const org = await orgInScope(db, actor, eq(organizations.id, input.id));
      if (!can(actor.role, 'manageOrganizations')) {
        const renames = input.name !== undefined && input.name !== org.name;
        const changesExpiry = input.expiry !== undefined && input.expiry !== org.expiry;
        if (renames || changesExpiry) throw forbidden(message('organizations.superAdminFieldsOnly'));
      }
      if (input.name !== undefined && (await nameTaken(input.name, org.id))) {
        throw conflict(message('organizations.duplicateName'));
      }
      const changes: Partial<typeof organizations.$inferInsert> = {};
      if (input.name !== undefined) changes.name = input.name;
      if (input.address !== undefined) changes.address = input.address;
      if (input.phone !== undefined) changes.phone = input.phone;
      if (input.website !== undefined) changes.website = input.website;
      if (input.email !== undefined) changes.email = input.email;
      if (input.expiry !== undefined) changes.expiry = input.expiry;
      if (input.hideRollAnimation !== undefined) changes.hideRollAnimation = input.hideRollAnimation;
      if (input.allowGuests !== undefined) changes.allowGuests = input.allowGuests;
      if (input.musicPlaylistUrl !== undefined) changes.musicPlaylistUrl = input.musicPlaylistUrl;
      if (input.language !== undefined) changes.language = input.language;
      if (Object.keys(changes).length === 0) return presentOrganization(org);
      try {
        const [row] = await db
          .update(organizations)
          .set(changes)
          .where(eq(organizations.id, org.id))
          .returning();
        return presentOrganization(row!);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(message('organizations.duplicateName'));
        throw error;
      }
    },

    /**
     * DELETE /delete-organization. Refused while the organization has users (people are never deleted
     * as a side effect, and the super admin's own organization always has one); its rooms and workshop
     * links go with it.
     */
    async remove(id: number): Promise<{ message: string }> {
      const org = await findById(id);
      if (!org) throw notFound(message('errors.organizationNotFound'));
      const [members] = await db.select({ n: count() }).from(users).where(eq(users.orgId, id));
      if ((members?.n ?? 0) > 0) throw new AppError('ORG_HAS_USERS', 409, message('organizations.hasUsers'));
      try {
        await db.delete(organizations).where(eq(organizations.id, id));
      } catch (error) {
        // A user added between the count and the delete.
        if (isForeignKeyViolation(error))
          throw new AppError('ORG_HAS_USERS', 409, message('organizations.hasUsers'));
        throw error;
      }
      return { message: ORG_TEXTS.deleted };
    },

    /** GET /get-linkable-workshops: the workshops not yet linked to the organization (the 'add' choice). */
    async linkableWorkshops(orgId: number): Promise<{ id: number; name: string }[]> {
      if (!(await findById(orgId))) throw notFound(message('errors.organizationNotFound'));
      return db
        .select({ id: workshops.id, name: workshops.name })
        .from(workshops)
        .where(
          sql`not exists (select 1 from ${orgWorkshops} where ${orgWorkshops.orgId} = ${orgId} and ${orgWorkshops.workshopId} = ${workshops.id})`,
        )
        .orderBy(asc(sql`lower(${workshops.name})`));
    },

    async link(orgId: number, workshopId: number): Promise<OrgWorkshopLink> {
      if (!(await findById(orgId))) throw notFound(message('errors.organizationNotFound'));
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
      return { message: ORG_TEXTS.workshopRemoved };
    },

    findByName,
  };
}

export type OrgsService = ReturnType<typeof orgsService>;
