import { type LtiPlatform, message, type OrgLti, type ZLtiPlatformInput } from '@playshop/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { addressRefusal } from '../auth/sso/provider';
import type { Db } from '../db/client';
import { ltiPlatforms } from '../db/schema';
import { type Actor, orgInScopeById } from '../http/actor';
import { isUniqueViolation } from '../http/db-errors';
import { badRequest, conflict, notFound } from '../http/errors';
import type { ToolKeys } from './keys';

type Input = z.output<typeof ZLtiPlatformInput>;
type Row = typeof ltiPlatforms.$inferSelect;

/** The tool's addresses of an organization: what its admin pastes into the platform. */
export const toolUrls = (publicUrl: string, orgId: number) => {
  const base = `${publicUrl}/api/v1/lti`;
  return {
    loginUrl: `${base}/${orgId}/login`,
    launchUrl: `${base}/${orgId}/launch`,
    deepLinkUrl: `${base}/${orgId}/launch`,
    jwksUrl: `${base}/jwks`,
  };
};

const present = (row: Row): LtiPlatform => ({
  id: row.id,
  issuer: row.issuer,
  clientId: row.clientId,
  deploymentIds: row.deploymentIds,
  authUrl: row.authUrl,
  tokenUrl: row.tokenUrl,
  jwksUrl: row.jwksUrl,
});

/**
 * The platform's addresses by the rule of an OpenID issuer: with `allowPrivate` plain http only on
 * loopback; in production https, and for the addresses the server calls a public host (the issuer
 * is a name, never called).
 */
async function checkAddresses(input: Input, allowPrivate: boolean) {
  for (const field of ['issuer', 'authUrl', 'tokenUrl', 'jwksUrl'] as const) {
    const url = new URL(input[field]);
    // In production the issuer, never called, needs https only.
    const refusal =
      field === 'issuer' && !allowPrivate
        ? url.protocol !== 'https:'
        : await addressRefusal(url, allowPrivate);
    if (refusal) throw badRequest(message('lti.urlNotHttps'), field);
  }
}

/**
 * Settings › LTI: the platforms an organization registered. The addresses the server will call
 * (keys, tokens) and send browsers to follow the rule of an OpenID issuer (auth/sso/provider.ts):
 * in production https to a public address, checked at save and again as each connection opens.
 */
export function platformSettings({
  db,
  keys,
  publicUrl,
  allowPrivate,
}: {
  db: Db;
  keys: ToolKeys;
  publicUrl: string;
  allowPrivate: boolean;
}) {
  async function settings(orgId: number): Promise<OrgLti> {
    const rows = await db
      .select()
      .from(ltiPlatforms)
      .where(eq(ltiPlatforms.orgId, orgId))
      .orderBy(asc(ltiPlatforms.id));
    return {
      orgId,
      tool: { ...toolUrls(publicUrl, orgId), publicKeyPem: await keys.publicKeyPem() },
      platforms: rows.map(present),
    };
  }

  const values = (input: Input) => ({
    issuer: input.issuer,
    clientId: input.clientId,
    deploymentIds: [...new Set(input.deploymentIds)],
    authUrl: input.authUrl,
    tokenUrl: input.tokenUrl,
    jwksUrl: input.jwksUrl,
  });
  const duplicate = (error: unknown) => {
    throw isUniqueViolation(error) ? conflict(message('lti.duplicatePlatform')) : error;
  };
  const inOrg = (orgId: number, platformId: number) =>
    and(eq(ltiPlatforms.orgId, orgId), eq(ltiPlatforms.id, platformId));

  return {
    /** The caller's own organization (any for a super admin); another's is 404 as if missing. */
    inScope: (actor: Actor, orgId: number) => orgInScopeById(db, actor, orgId),
    settings,
    async add(orgId: number, input: Input): Promise<{ saved: LtiPlatform; reply: OrgLti }> {
      await checkAddresses(input, allowPrivate);
      const [row] = await db
        .insert(ltiPlatforms)
        .values({ orgId, ...values(input) })
        .returning()
        .catch(duplicate);
      return { saved: present(row!), reply: await settings(orgId) };
    },
    async edit(orgId: number, platformId: number, input: Input) {
      const [before] = await db.select().from(ltiPlatforms).where(inOrg(orgId, platformId));
      if (!before) throw notFound(message('lti.platformNotFound'));
      await checkAddresses(input, allowPrivate);
      const [row] = await db
        .update(ltiPlatforms)
        .set(values(input))
        .where(inOrg(orgId, platformId))
        .returning()
        .catch(duplicate);
      return { before: present(before), after: present(row!), reply: await settings(orgId) };
    },
    async remove(orgId: number, platformId: number) {
      const [gone] = await db.delete(ltiPlatforms).where(inOrg(orgId, platformId)).returning();
      if (!gone) throw notFound(message('lti.platformNotFound'));
      return { removed: present(gone), reply: await settings(orgId) };
    },
  };
}

export type LtiPlatformSettings = ReturnType<typeof platformSettings>;
