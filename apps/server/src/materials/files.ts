import type { Readable } from 'node:stream';
import { english } from '@playshop/messages/english';
import { lockedOutByLicence, PERMISSIONS, type Role } from '@playshop/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organizations, users } from '../db/schema';
import type { Actor } from '../http/actor';
import type { StoredObject } from '../storage/storage';
import type { DownloadLinkQuery, DownloadLinks } from './download-links';
import { fileNotFound, linkInvalid, type MaterialsLibrary, parseFilePath } from './library';

/** A file: deleting it, and downloading it through a signed link. */
export function materialFiles(
  db: Db,
  links: DownloadLinks,
  { store, folderFilter, findFile, storage }: MaterialsLibrary,
) {
  return {
    /** POST /delete-file */
    async deleteFile(actor: Actor, filePath: string) {
      const object = await findFile(actor, filePath);
      await store(() => storage.delete(object.key));
      return { message: english('materials.fileDeleted') };
    },

    /** POST /materials/download-link: a signed address for a file the caller may see. */
    async createDownloadLink(actor: Actor, filePath: string) {
      const object = await findFile(actor, filePath);
      return links.create({ fullPath: object.key, userId: actor.userId });
    },

    /**
     * GET /materials/download: the file of a genuine, unexpired link, provided the user it was issued
     * to still may read materials, their organization is active and the folder is still theirs.
     */
    async openDownload(query: DownloadLinkQuery): Promise<{ object: StoredObject; stream: Readable }> {
      const grant = links.verify(query);
      if (!grant) throw linkInvalid();
      const [holder] = await db
        .select({ role: users.role, orgId: users.orgId, expiry: organizations.expiry })
        .from(users)
        .innerJoin(organizations, eq(organizations.id, users.orgId))
        .where(eq(users.id, grant.userId))
        .limit(1);
      if (!holder || !(PERMISSIONS.readMaterials as readonly Role[]).includes(holder.role))
        throw linkInvalid();
      if (lockedOutByLicence(holder.role, holder.expiry)) throw linkInvalid();
      const parsed = parseFilePath(grant.fullPath);
      if (!parsed || !(await folderFilter(holder))(parsed.segments[0]!)) throw linkInvalid();
      const found = await store(() => storage.get(parsed.fullPath));
      if (!found) throw fileNotFound();
      return found;
    },
  };
}
