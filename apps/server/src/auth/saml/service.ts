import { inflateRawSync } from 'node:zlib';
import { type Profile, SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import { message, type OrgSaml, type ZOrgSamlUpdate } from '@playshop/shared';
import { DOMParser } from '@xmldom/xmldom';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { orgRow } from '../../db/org-row';
import { organizations, orgSaml, orgSignIn, samlMessageIds } from '../../db/schema';
import { type Actor, orgInScopeById } from '../../http/actor';
import { AppError, badRequest } from '../../http/errors';
import { type SessionEnds, sessionsOf } from '../../sessions/sessions';
import { secretBox } from '../secret-box';
import { addressRefusal, publicFetch } from '../sso/provider';
import { matchAccount } from '../sso/sign-in';
import { fetchMetadata, newServiceProviderKeys, parseIdpMetadata } from './metadata';
import { remember, rememberOnce, requestIdStore } from './store';

/** Time to sign in at the identity provider and come back (an AuthnRequest id is kept this long). */
const REQUEST_TTL_MS = 10 * 60_000;
/** An assertion older than this (from its IssueInstant) is refused, so a remembered id can be forgotten. */
const ASSERTION_MAX_AGE_MS = 60 * 60_000;
const CLOCK_SKEW_MS = 60_000;
/** How long the account a NameID signed in is remembered, for the provider's logout request. */
const NAME_ID_TTL_MS = 30 * 24 * 3600_000;

const samlFailed = () => new AppError('SAML_FAILED', 400, message('saml.failed'));
const notConfigured = () => new AppError('SAML_NOT_CONFIGURED', 404, message('saml.notConfigured'));
const toPem = (body: string) =>
  `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)?.join('\n')}\n-----END CERTIFICATE-----\n`;

type Row = typeof orgSaml.$inferSelect;

/** The InResponseTo of a (deflated, base64) redirect-binding message, once its signature is checked. */
function inResponseToOf(message: string): string | null {
  const xml = inflateRawSync(Buffer.from(message, 'base64')).toString('utf8');
  return (
    new DOMParser().parseFromString(xml, 'text/xml').documentElement?.getAttribute('InResponseTo') || null
  );
}

/** The parts of a verified assertion (as xml2js reads it) checked here besides node-saml's checks. */
interface ParsedAssertion {
  $?: { ID?: string };
  Subject?: { SubjectConfirmation?: { SubjectConfirmationData?: { $?: { Recipient?: string } }[] }[] }[];
}

/** The first text of a profile attribute among `names` (an attribute may carry several values). */
function attribute(profile: Profile, names: string[]): string | undefined {
  for (const name of names) {
    const value = profile[name];
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && first.trim()) return first.trim();
  }
  return undefined;
}

const EMAIL = [
  'email',
  'mail',
  'urn:oid:0.9.2342.19200300.100.1.3',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  'http://schemas.xmlsoap.org/claims/EmailAddress',
];
const GIVEN = [
  'givenName',
  'firstName',
  'urn:oid:2.5.4.42',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
];
const FAMILY = [
  'sn',
  'surname',
  'lastName',
  'urn:oid:2.5.4.4',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname',
];
const looksLikeEmail = (v: string) => /^[^\s@]+@[^\s@]+$/.test(v);

/** What the SAML functions below share: the factory's options, with the service provider's key box. */
interface SamlDeps {
  db: Db;
  serverSecret: string;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** A provider's logout ends the account's sessions everywhere (sessions/sessions.ts). */
  ends: SessionEnds;
  /** SSO_ALLOW_PRIVATE_ISSUERS: metadata from this server's own networks or over plain http. */
  allowPrivateIssuers: boolean;
  now?: () => Date;
}
interface Ctx extends Omit<SamlDeps, 'now'> {
  now: () => Date;
  spKeys: ReturnType<typeof secretBox>;
}

const urlsOf = (publicUrl: string, orgId: number) => {
  const base = `${publicUrl}/api/v1/saml/${orgId}`;
  return {
    entityId: `${base}/metadata`,
    metadata: `${base}/metadata`,
    acs: `${base}/acs`,
    slo: `${base}/slo`,
  };
};

const rowOf = (db: Db, orgId: number) => orgRow(db, orgSaml, orgId);

/** The organization's row, made with a new service-provider key pair the first time it is asked for. */
async function ensureRow(ctx: Ctx, orgId: number): Promise<Row> {
  const existing = await rowOf(ctx.db, orgId);
  if (existing) return existing;
  const keys = newServiceProviderKeys(`Playshop SAML ${ctx.publicUrl} ${orgId}`);
  await ctx.db
    .insert(orgSaml)
    .values({
      orgId,
      spCertificate: keys.certificate,
      spPrivateKeyEncrypted: ctx.spKeys.seal(keys.privateKey),
    })
    .onConflictDoNothing();
  return (await rowOf(ctx.db, orgId))!;
}

const present = (ctx: Ctx, row: Row): OrgSaml => {
  const u = urlsOf(ctx.publicUrl, row.orgId);
  return {
    orgId: row.orgId,
    enabled: row.enabled,
    idpMetadataUrl: row.idpMetadataUrl,
    idpEntityId: row.idpEntityId,
    idpSsoUrl: row.idpSsoUrl,
    idpSloUrl: row.idpSloUrl,
    idpCertificateCount: row.idpCertificates.length,
    spEntityId: u.entityId,
    acsUrl: u.acs,
    sloUrl: u.slo,
    metadataUrl: u.metadata,
  };
};

/** node-saml for one organization: what it checks is set here, in one place. */
function samlOf(ctx: Ctx, row: Row): SAML {
  const u = urlsOf(ctx.publicUrl, row.orgId);
  const key = ctx.spKeys.open(row.spPrivateKeyEncrypted);
  return new SAML({
    issuer: u.entityId,
    audience: u.entityId,
    callbackUrl: u.acs,
    entryPoint: row.idpSsoUrl ?? undefined,
    idpIssuer: row.idpEntityId ?? undefined,
    idpCert: row.idpCertificates.map(toPem),
    // Every assertion signed by the provider's key (the response around it may be, too).
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    privateKey: key,
    decryptionPvk: key,
    signatureAlgorithm: 'sha256',
    digestAlgorithm: 'sha256',
    // IdP-initiated answers have no InResponseTo; an answer that has one must name a request of ours.
    validateInResponseTo: ValidateInResponseTo.ifPresent,
    requestIdExpirationPeriodMs: REQUEST_TTL_MS,
    cacheProvider: requestIdStore(ctx.db, row.orgId, REQUEST_TTL_MS, ctx.now),
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    maxAssertionAgeMs: ASSERTION_MAX_AGE_MS,
    // No NameID format or authentication class asked for: each provider answers with its own.
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    logoutUrl: row.idpSloUrl ?? '',
    logoutCallbackUrl: u.slo,
  });
}

/** The enabled SAML of an organization, by id; 404 otherwise. */
async function enabledRow(db: Db, orgId: number): Promise<Row> {
  const row = await rowOf(db, orgId);
  if (!row?.enabled || !row.idpSsoUrl || row.idpCertificates.length === 0) throw notConfigured();
  return row;
}

/** The identity provider's metadata from the update: read from the address, or the file's text. */
async function metadataOf(ctx: Ctx, input: z.output<typeof ZOrgSamlUpdate>, orgId: number) {
  const { allowPrivateIssuers } = ctx;
  let xml = input.idpMetadataXml?.trim() || null;
  if (!xml && input.idpMetadataUrl) {
    const url = new URL(input.idpMetadataUrl);
    // The same rule as an OpenID issuer (sso/provider.ts): in production https to a public address,
    // decided before any connection; with SSO_ALLOW_PRIVATE_ISSUERS plain http on this machine too.
    if (await addressRefusal(url, allowPrivateIssuers))
      throw badRequest(message('saml.metadataNotHttps'), 'idpMetadataUrl');
    try {
      // In production the connection is checked again as it opens (DNS rebinding), as OpenID's are.
      xml = await fetchMetadata(
        url.href,
        allowPrivateIssuers ? fetch : (u, init) => publicFetch(u, init as Parameters<typeof publicFetch>[1]),
      );
    } catch (err) {
      ctx.log.info({ err, orgId }, 'SAML metadata could not be read');
      throw badRequest(message('saml.metadataUnreachable'), 'idpMetadataUrl');
    }
  }
  if (!xml) return null;
  const metadata = parseIdpMetadata(xml);
  if (!metadata)
    throw badRequest(
      message('saml.metadataInvalid'),
      input.idpMetadataXml ? 'idpMetadataXml' : 'idpMetadataUrl',
    );
  return metadata;
}

/** The account an assertion names (an email in an attribute, or an email NameID), as OIDC matches it. */
async function accountOf(ctx: Ctx, orgId: number, profile: Profile): Promise<number> {
  const email =
    attribute(profile, EMAIL) ?? (looksLikeEmail(profile.nameID ?? '') ? profile.nameID : undefined);
  const [rules] = await ctx.db
    .select({ createAccounts: orgSignIn.createAccounts, defaultRole: orgSignIn.defaultRole })
    .from(orgSignIn)
    .where(eq(orgSignIn.orgId, orgId));
  // The organization's own provider vouches for the address in a signed assertion: it is verified.
  return matchAccount(
    ctx.db,
    ctx.log,
    orgId,
    rules ?? { createAccounts: false, defaultRole: 'FACILITATOR' },
    {
      email,
      email_verified: email !== undefined,
      given_name: attribute(profile, GIVEN),
      family_name: attribute(profile, FAMILY),
    },
  );
}

/** The enabled SAML of an organization named (case-insensitive): its option on the sign-in page. */
async function option(db: Db, orgName: string) {
  const [found] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .innerJoin(orgSaml, eq(orgSaml.orgId, organizations.id))
    .where(
      and(sql`lower(${organizations.name}) = ${orgName.trim().toLowerCase()}`, eq(orgSaml.enabled, true)),
    )
    .limit(1);
  if (!found) throw notConfigured();
  return { org: found.name, orgId: found.id };
}

/** Saves the provider: new metadata is read and checked now, so a wrong file shows here, not at sign-in. */
async function saveSettings(
  ctx: Ctx,
  actor: Actor,
  orgId: number,
  input: z.output<typeof ZOrgSamlUpdate>,
): Promise<OrgSaml> {
  const { db } = ctx;
  await orgInScopeById(db, actor, orgId);
  const current = await ensureRow(ctx, orgId);
  const metadata = await metadataOf(ctx, input, orgId);
  if (input.enabled && !metadata && !current.idpSsoUrl)
    throw badRequest(message('saml.metadataMissing'), 'idpMetadataUrl');
  await db
    .update(orgSaml)
    .set({
      enabled: input.enabled,
      ...(metadata
        ? {
            idpMetadataUrl: input.idpMetadataXml?.trim() ? null : input.idpMetadataUrl,
            idpEntityId: metadata.entityId,
            idpSsoUrl: metadata.ssoUrl,
            idpSloUrl: metadata.sloUrl,
            idpCertificates: metadata.certificates,
          }
        : {}),
    })
    .where(eq(orgSaml.orgId, orgId));
  return present(ctx, (await rowOf(db, orgId))!);
}

/** The service provider's metadata to give the identity provider (public: it holds no secret). */
async function spMetadata(ctx: Ctx, orgId: number): Promise<string> {
  const [org] = await ctx.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  if (!org) throw notConfigured();
  const row = await ensureRow(ctx, orgId);
  const xml = samlOf(ctx, row).generateServiceProviderMetadata(row.spCertificate, row.spCertificate);
  // node-saml names HTTP-POST for single logout; this server takes the HTTP-Redirect binding there.
  return xml.replace(
    /(<SingleLogoutService[^>]*Binding=")urn:oasis:names:tc:SAML:2\.0:bindings:HTTP-POST"/,
    '$1urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect"',
  );
}

/** The verified profile of the provider's answer at the ACS; 400 when node-saml refuses it. */
async function verifiedProfile(ctx: Ctx, row: Row, samlResponse: string): Promise<Profile> {
  try {
    const result = await samlOf(ctx, row).validatePostResponseAsync({ SAMLResponse: samlResponse });
    if (!result.profile) throw new Error('no assertion');
    return result.profile;
  } catch (err) {
    ctx.log.info({ err: { message: (err as Error).message }, orgId: row.orgId }, 'SAML answer refused');
    throw samlFailed();
  }
}

/** The assertion's own checks (issuer, recipient), then its id used once. */
async function checkAssertion(ctx: Ctx, row: Row, profile: Profile): Promise<void> {
  const { orgId } = row;
  // From the signed assertion only (node-saml hands out what the signature covers).
  const assertion = (profile.getAssertion?.() as { Assertion?: ParsedAssertion } | undefined)?.Assertion;
  const id = assertion?.$?.ID;
  const recipients = (assertion?.Subject?.[0]?.SubjectConfirmation ?? [])
    .map((c) => c.SubjectConfirmationData?.[0]?.$?.Recipient)
    .filter((r): r is string => Boolean(r));
  // node-saml checks the issuer of logout messages only; an assertion's is checked here.
  const wrongIssuer = profile.issuer !== row.idpEntityId;
  if (
    typeof id !== 'string' ||
    wrongIssuer ||
    recipients.some((r) => r !== urlsOf(ctx.publicUrl, orgId).acs)
  ) {
    ctx.log.info(
      { orgId, recipients, issuer: profile.issuer },
      'SAML assertion of another issuer or recipient refused',
    );
    throw samlFailed();
  }
  const expires = new Date(ctx.now().getTime() + ASSERTION_MAX_AGE_MS + 2 * CLOCK_SKEW_MS);
  if (!(await rememberOnce(ctx.db, `assertion:${orgId}:${id}`, profile.nameID ?? '', expires))) {
    ctx.log.info({ orgId }, 'SAML assertion replayed');
    throw new AppError('SAML_REPLAYED', 400, message('saml.replayed'));
  }
}

/** The provider's answer at the ACS: the account it signs in, or 4xx with nothing started. */
async function acs(ctx: Ctx, orgId: number, samlResponse: string): Promise<number> {
  const { db, now } = ctx;
  const row = await enabledRow(db, orgId);
  const profile = await verifiedProfile(ctx, row, samlResponse);
  await checkAssertion(ctx, row, profile);
  const userId = await accountOf(ctx, orgId, profile);
  // Which account a NameID signed in (for the provider's logout request) and back (for ours).
  if (profile.nameID) {
    const session = {
      nameID: profile.nameID,
      nameIDFormat: profile.nameIDFormat,
      sessionIndex: profile.sessionIndex,
    };
    await remember(
      db,
      `session:${userId}`,
      JSON.stringify({ orgId, ...session }),
      new Date(now().getTime() + NAME_ID_TTL_MS),
    );
  }
  if (profile.nameID)
    await remember(
      db,
      `nameid:${orgId}:${profile.nameID}`,
      String(userId),
      new Date(now().getTime() + NAME_ID_TTL_MS),
    );
  return userId;
}

/**
 * SP-initiated single logout: the provider's logout address with a signed LogoutRequest for the
 * NameID and session this account last signed in with by SAML; null when there is none or the
 * provider offers no single logout. The account's own sign-out ends the Playshop session.
 */
async function logoutUrl(ctx: Ctx, actor: Actor): Promise<{ logoutUrl: string | null }> {
  const [kept] = await ctx.db
    .select({ value: samlMessageIds.value })
    .from(samlMessageIds)
    .where(and(eq(samlMessageIds.key, `session:${actor.userId}`), gt(samlMessageIds.expiresAt, ctx.now())));
  if (!kept) return { logoutUrl: null };
  const session = JSON.parse(kept.value) as {
    orgId: number;
    nameID: string;
    nameIDFormat: string;
    sessionIndex?: string;
  };
  const row = await rowOf(ctx.db, session.orgId);
  if (!row?.enabled || !row.idpSloUrl || session.orgId !== actor.orgId) return { logoutUrl: null };
  const profile = { issuer: urlsOf(ctx.publicUrl, row.orgId).entityId, ...session } as Profile;
  return { logoutUrl: await samlOf(ctx, row).getLogoutUrlAsync(profile, '', {}) };
}

/**
 * The provider's single logout (HTTP-Redirect, signed): a LogoutRequest ends the sessions of the
 * account its NameID signed in, and is answered with a LogoutResponse; a LogoutResponse (to a
 * logout of ours) just comes back home. Returns where to send the browser.
 */
async function logout(
  ctx: Ctx,
  orgId: number,
  query: Record<string, string>,
  rawQuery: string,
): Promise<string> {
  const { db, log, publicUrl } = ctx;
  const row = await enabledRow(db, orgId);
  // node-saml accepts an unsigned redirect message: a logout anyone could trigger is refused here.
  if (!query.Signature || !(query.SAMLRequest || query.SAMLResponse)) throw samlFailed();
  const saml = samlOf(ctx, row);
  let profile: Profile | null;
  try {
    ({ profile } = await saml.validateRedirectAsync(query, rawQuery));
  } catch (err) {
    log.info({ err: { message: (err as Error).message }, orgId }, 'SAML logout refused');
    throw samlFailed();
  }
  if (query.SAMLResponse) {
    // node-saml checks a LogoutResponse's InResponseTo but leaves it usable: spend it here.
    const inResponseTo = inResponseToOf(query.SAMLResponse);
    if (inResponseTo && !(await saml.cacheProvider.removeAsync(inResponseTo))) throw samlFailed();
    return `${publicUrl}/`;
  }
  if (!profile) return `${publicUrl}/`;
  const [known] = await db
    .select({ value: samlMessageIds.value })
    .from(samlMessageIds)
    .where(eq(samlMessageIds.key, `nameid:${orgId}:${profile.nameID}`));
  const userId = known ? Number(known.value) : null;
  // Ends every session of the account (a provider's logout): refresh tokens revoked, access tokens too.
  if (userId) await ctx.ends.end(sessionsOf.user(userId), 'signed_out');
  log.info({ orgId, userId }, 'SAML single logout');
  return saml.getLogoutResponseUrlAsync(profile, query.RelayState ?? '', {}, true);
}

/**
 * SAML 2.0 single sign-on per organization (@node-saml/node-saml; docs/decisions.md says why):
 * SP- and IdP-initiated sign-in at the ACS with signed assertions required (encrypted ones
 * decrypted with the organization's own key), InResponseTo and assertion ids used once, the
 * audience being this organization's entity id; single logout from the provider. Accounts are
 * matched as OpenID Connect matches them (sso/sign-in.ts matchAccount). The work is done by the
 * module's functions above, given the context made here.
 */
export function samlService(deps: SamlDeps) {
  const ctx: Ctx = {
    ...deps,
    now: deps.now ?? (() => new Date()),
    spKeys: secretBox(deps.serverSecret, 'saml-sp-key'),
  };
  return {
    urls: (orgId: number) => urlsOf(ctx.publicUrl, orgId),
    failedMessage: () => message('saml.failed'),
    async settings(actor: Actor, orgId: number): Promise<OrgSaml> {
      await orgInScopeById(ctx.db, actor, orgId);
      return present(ctx, await ensureRow(ctx, orgId));
    },
    saveSettings: (actor: Actor, orgId: number, input: z.output<typeof ZOrgSamlUpdate>) =>
      saveSettings(ctx, actor, orgId, input),
    spMetadata: (orgId: number) => spMetadata(ctx, orgId),
    option: (orgName: string) => option(ctx.db, orgName),
    /** SP-initiated sign-in: the provider address carrying a signed AuthnRequest (its id remembered). */
    async start(orgName: string): Promise<{ authorizationUrl: string }> {
      const { orgId } = await option(ctx.db, orgName);
      const saml = samlOf(ctx, await enabledRow(ctx.db, orgId));
      return { authorizationUrl: await saml.getAuthorizeUrlAsync('', undefined, {}) };
    },
    acs: (orgId: number, samlResponse: string) => acs(ctx, orgId, samlResponse),
    logoutUrl: (actor: Actor) => logoutUrl(ctx, actor),
    logout: (orgId: number, query: Record<string, string>, rawQuery: string) =>
      logout(ctx, orgId, query, rawQuery),
  };
}

export type SamlService = ReturnType<typeof samlService>;
