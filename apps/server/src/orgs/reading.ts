import { isLanguage, isOrgExpired, type OrganizationReply, type OrgOption } from '@playshop/shared';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organizations } from '../db/schema';
import { type Actor, orgInScope, orgInScopeById, orgScope } from '../http/actor';
import { ilikeLiteral, paged, pageWindow } from '../http/pagination';

/** The fields of an organization that leave the server. */
export function presentOrganization(row: typeof organizations.$inferSelect): OrganizationReply {
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

/** The organization with this id, whoever asks (callers check who may). */
export async function findOrgById(db: Db, id: number) {
  const [org] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return org;
}

/** Reading organizations: the caller's own, or any for a super admin. */
export function orgReader(db: Db) {
  async function findByName(name: string) {
    const [org] = await db.select().from(organizations).where(eq(organizations.name, name)).limit(1);
    return org;
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
      const org = await orgInScopeById(db, actor, orgId);
      return { expired: isOrgExpired(org.expiry, now) };
    },

    /** GET /get-org-by-name, /get-org-by-id: the caller's own organization, or any for a super admin. */
    async getByName(actor: Actor, name: string): Promise<OrganizationReply> {
      return presentOrganization(await orgInScope(db, actor, eq(organizations.name, name)));
    },

    async getById(actor: Actor, id: number): Promise<OrganizationReply> {
      return presentOrganization(await orgInScopeById(db, actor, id));
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

    findByName,
  };
}
