import { createHash, randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MessageKey } from '@playshop/messages';
import {
  API_PREFIX,
  brandCss,
  LOGO_MAX_BYTES,
  message,
  type OrgBranding,
  type RoomBranding,
  type ZSetBrandColors,
} from '@playshop/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { organizations } from '../db/schema';
import { type Actor, orgInScopeById } from '../http/actor';
import { AppError } from '../http/errors';
import type { Storage } from '../storage/storage';
import { ImageRefused, reencodeImage } from '../uploads/images';
import { logoAsPng } from './raster';
import { checkSvg } from './svg';

/** An organization's look for a PDF or a mail: its logo as PNG bytes. */
export type PrintBrand = RoomBranding & { logoPng: Uint8Array | null };

/** Logos live under `org-logos/{orgId}/`, named by the SHA-256 of their bytes. */
export const LOGO_FOLDER = 'org-logos';
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

type OrgRow = Pick<
  typeof organizations.$inferSelect,
  'id' | 'name' | 'brandPrimary' | 'brandAccent' | 'logoKey'
>;

export const logoUrlOf = (logoKey: string | null) => (logoKey ? `${API_PREFIX}/${logoKey}` : null);

function present(row: OrgRow): OrgBranding {
  const colors = { primaryColor: row.brandPrimary, accentColor: row.brandAccent };
  return {
    orgId: row.id,
    orgName: row.name,
    ...colors,
    logoUrl: logoUrlOf(row.logoKey),
    css: brandCss(colors),
  };
}

/** What the screens draw: null when the organization set nothing (Playshop's look stays). */
export function roomBrandingOf(row: OrgRow): RoomBranding | null {
  if (!row.brandPrimary && !row.brandAccent && !row.logoKey) return null;
  const { orgId: _id, ...branding } = present(row);
  return branding;
}

const refuse = (status: number, code: string, key: MessageKey) => new AppError(code, status, message(key));

/**
 * The logo's bytes as stored, and its type; refuses what is not a safe PNG or SVG. A PNG is checked
 * for its real size and drawn again (uploads/images.ts) before any phone gets it.
 */
async function readLogo(data: string): Promise<{ bytes: Buffer; ext: 'png' | 'svg'; contentType: string }> {
  const compact = data.replace(/\s+/g, '');
  if (!BASE64.test(compact)) throw refuse(400, 'NOT_AN_IMAGE', 'branding.logoNotImage');
  const bytes = Buffer.from(compact, 'base64');
  if (bytes.length === 0) throw refuse(400, 'EMPTY_FILE', 'branding.logoEmpty');
  if (bytes.length > LOGO_MAX_BYTES) throw refuse(413, 'FILE_TOO_LARGE', 'branding.logoTooLarge');
  if (bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) {
    try {
      return { bytes: await reencodeImage(bytes, 'png'), ext: 'png', contentType: 'image/png' };
    } catch (err) {
      if (err instanceof ImageRefused) throw new AppError(err.code, 400, err.text);
      throw err;
    }
  }
  const text = bytes.toString('utf8');
  // Anything that is neither PNG nor text with an <svg> element is not a logo we take.
  if (text.includes('\uFFFD') || !/<svg[\s>]/i.test(text)) {
    throw refuse(415, 'NOT_AN_IMAGE', 'branding.logoNotImage');
  }
  const checked = checkSvg(text);
  if ('refused' in checked) {
    const name = (
      {
        script: 'branding.svgScript',
        external: 'branding.svgExternal',
        unreadable: 'branding.svgUnreadable',
      } as const
    )[checked.refused];
    throw refuse(400, 'UNSAFE_SVG', name);
  }
  return { bytes: Buffer.from(checked.svg, 'utf8'), ext: 'svg', contentType: 'image/svg+xml' };
}

/** Stores a checked logo under a key of its content; returns the key. */
async function storeLogo(
  storage: Storage,
  orgId: number,
  logo: Awaited<ReturnType<typeof readLogo>>,
): Promise<string> {
  const hash = createHash('sha256').update(logo.bytes).digest('hex');
  const key = `${LOGO_FOLDER}/${orgId}/${hash}.${logo.ext}`;
  // The stores take a file from disk (tus leaves uploads there): a logo passes through a temp file.
  const temp = path.join(tmpdir(), `playshop-logo-${randomUUID()}`);
  try {
    await writeFile(temp, logo.bytes);
    await storage.putFile(key, temp, logo.contentType, { 'org-id': String(orgId) });
  } finally {
    await rm(temp, { force: true });
  }
  return key;
}

/**
 * An organization's own look (issue 32): its admin's and the super admin's settings, and what the
 * game, the join page, printed cards and mail read of it.
 */
export function brandingService(db: Db, storage: Storage) {
  const columns = {
    id: organizations.id,
    name: organizations.name,
    brandPrimary: organizations.brandPrimary,
    brandAccent: organizations.brandAccent,
    logoKey: organizations.logoKey,
  };

  async function update(orgId: number, changes: Partial<typeof organizations.$inferInsert>) {
    const [row] = await db
      .update(organizations)
      .set(changes)
      .where(eq(organizations.id, orgId))
      .returning(columns);
    return row!;
  }

  /** Drops the previous logo file once the organization points at another (or none). */
  async function dropOld(oldKey: string | null, newKey: string | null) {
    if (oldKey && oldKey !== newKey) await storage.delete(oldKey);
  }

  const service = {
    async get(actor: Actor, orgId: number): Promise<OrgBranding> {
      return present(await orgInScopeById(db, actor, orgId));
    },

    async setColors(actor: Actor, input: z.output<typeof ZSetBrandColors>): Promise<OrgBranding> {
      const org = await orgInScopeById(db, actor, input.orgId);
      return present(
        await update(org.id, { brandPrimary: input.primaryColor, brandAccent: input.accentColor }),
      );
    },

    async setLogo(actor: Actor, orgId: number, data: string): Promise<OrgBranding> {
      const org = await orgInScopeById(db, actor, orgId);
      const key = await storeLogo(storage, org.id, await readLogo(data));
      const row = await update(org.id, { logoKey: key });
      await dropOld(org.logoKey, key);
      return present(row);
    },

    async removeLogo(actor: Actor, orgId: number): Promise<OrgBranding> {
      const org = await orgInScopeById(db, actor, orgId);
      const row = await update(org.id, { logoKey: null });
      await dropOld(org.logoKey, null);
      return present(row);
    },

    /** The look of an organization's rooms, for the game, the join page, printed cards and mail. */
    async forOrg(orgId: number): Promise<RoomBranding | null> {
      const [row] = await db.select(columns).from(organizations).where(eq(organizations.id, orgId)).limit(1);
      return row ? roomBrandingOf(row) : null;
    },

    /** What printed cards and mail draw: the logo as a PNG (SVGs rendered) and the colours. */
    async forPrint(orgId: number): Promise<PrintBrand | null> {
      const branding = await service.forOrg(orgId);
      if (!branding) return null;
      const logo = await service.logoBytes(branding.logoUrl);
      return {
        ...branding,
        logoPng: logo ? await logoAsPng(logo.bytes, logo.contentType) : null,
      };
    },

    /** The logo's bytes, for a printed card or a mail (null when there is none or it is gone). */
    async logoBytes(logoUrl: string | null): Promise<{ bytes: Buffer; contentType: string } | null> {
      if (!logoUrl?.startsWith(`${API_PREFIX}/${LOGO_FOLDER}/`)) return null;
      const found = await storage.get(logoUrl.slice(API_PREFIX.length + 1));
      if (!found) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of found.stream) chunks.push(Buffer.from(chunk));
      return { bytes: Buffer.concat(chunks), contentType: found.object.contentType };
    },
  };
  return service;
}

export type BrandingService = ReturnType<typeof brandingService>;
