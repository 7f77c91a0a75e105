import { english } from '@playshop/messages/english';
import {
  can,
  isOrgExpired,
  message,
  type OrganizationReply,
  type ZCreateOrganization,
  type ZEditOrganization,
} from '@playshop/shared';
import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { endLicencedSessions } from '../auth/session-rules';
import type { Db } from '../db/client';
import { organizations, users } from '../db/schema';
import { type Actor, orgInScopeById } from '../http/actor';
import { isForeignKeyViolation } from '../http/db-errors';
import { AppError, forbidden, notFound } from '../http/errors';
import { uniqueName } from '../http/unique-name';
import type { SessionEnds } from '../sessions/sessions';
import { findOrgById, orgReader, presentOrganization } from './reading';
import { orgWorkshopLinks } from './workshop-links';

type CreateOrg = z.output<typeof ZCreateOrganization>;
type EditOrg = z.output<typeof ZEditOrganization>;

/** What PATCH /edit-org may change; who may change which is `edit`'s rule. */
const EDITABLE_FIELDS = [
  'name',
  'address',
  'phone',
  'website',
  'email',
  'expiry',
  'hideRollAnimation',
  'allowGuests',
  'musicPlaylistUrl',
  'language',
] as const satisfies readonly (keyof EditOrg & keyof typeof organizations.$inferInsert)[];

const orgName = uniqueName(organizations.name, organizations.id, message('organizations.duplicateName'));

/**
 * Organizations: reading them (reading.ts), their workshop links (workshop-links.ts), and creating,
 * editing and removing one (here).
 */
export function orgsService(db: Db, ends: SessionEnds) {
  return {
    ...orgReader(db),
    ...orgWorkshopLinks(db),

    async create(input: CreateOrg): Promise<OrganizationReply> {
      await orgName.assertFree(db, input.name);
      const [row] = await orgName.write(() =>
        db
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
          .returning(),
      );
      return presentOrganization(row!);
    },

    /**
     * PATCH /edit-org. A super admin changes anything; an admin only the General fields of their own
     * organization (address, phone, website, email, hideRollAnimation, musicPlaylistUrl): name and expiry are the
     * license, and the name is part of every address of the organization's screens.
     */
    async edit(actor: Actor, input: EditOrg): Promise<OrganizationReply> {
      const org = await orgInScopeById(db, actor, input.id);
      if (!can(actor.role, 'manageOrganizations')) {
        const renames = input.name !== undefined && input.name !== org.name;
        const changesExpiry = input.expiry !== undefined && input.expiry !== org.expiry;
        if (renames || changesExpiry) throw forbidden(message('organizations.superAdminFieldsOnly'));
      }
      if (input.name !== undefined) await orgName.assertFree(db, input.name, org.id);
      const changes: Partial<typeof organizations.$inferInsert> = {};
      for (const field of EDITABLE_FIELDS) {
        if (input[field] !== undefined) Object.assign(changes, { [field]: input[field] });
      }
      if (Object.keys(changes).length === 0) return presentOrganization(org);
      const [row] = await orgName.write(() =>
        db.update(organizations).set(changes).where(eq(organizations.id, org.id)).returning(),
      );
      // A licence that has run out ends its people's sessions everywhere at once (SPEC: locked out).
      if (row!.expiry !== org.expiry && isOrgExpired(row!.expiry)) await endLicencedSessions(ends, org.id);
      return presentOrganization(row!);
    },

    /**
     * DELETE /delete-organization. Refused while the organization has users (people are never deleted
     * as a side effect, and the super admin's own organization always has one); its rooms and workshop
     * links go with it.
     */
    async remove(id: number): Promise<{ message: string }> {
      const org = await findOrgById(db, id);
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
      return { message: english('organizations.deleted') };
    },
  };
}

export type OrgsService = ReturnType<typeof orgsService>;
