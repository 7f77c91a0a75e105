import { english } from '@playshop/messages/english';
import { desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, samlMessageIds } from '../../db/schema';
import {
  createOrg,
  createTestContext,
  createUser,
  PUBLIC_URL,
  signInNewUser,
  TEST_PASSWORD,
} from '../../test/context';
import { orgAdminSuite } from '../../test/org-suite';
import { startSamlIdp, type TestSamlIdp } from '../../test/saml-idp';
import { signInSettings } from '../../test/two-factor';
import { purgeExpiredSamlIds, rememberOnce } from './store';

const suite = orgAdminSuite({ name: 'Saml Org' }, { env: { PUBLIC_URL } });
const { api } = suite;
let idp: TestSamlIdp;
let encryptingIdp: TestSamlIdp;
let other: Awaited<ReturnType<typeof createOrg>>;
let otherHeaders: Record<string, string>;

const spMetadata = async (orgId: number) => (await api('GET', `/saml/${orgId}/metadata`, undefined, {})).body;

/** The provider's form post at the organization's ACS. */
const postAcs = (orgId: number, samlResponse: string) =>
  suite.ctx.app.inject({
    method: 'POST',
    url: `/api/v1/saml/${orgId}/acs`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ SAMLResponse: samlResponse }).toString(),
  });

const xmlOf = (samlResponse: string) => Buffer.from(samlResponse, 'base64').toString('utf8');
const b64 = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');
const hasSession = (res: Awaited<ReturnType<typeof postAcs>>) =>
  res.cookies.some((c) => c.name === 'playshop_refresh');

/** Refused: a clear 4xx, SAML's message, and no session cookie. */
function expectRefused(res: Awaited<ReturnType<typeof postAcs>>, text: string = english('saml.failed')) {
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  expect(res.body).toContain(text.replace(/'/g, '&#39;'));
  expect(hasSession(res)).toBe(false);
}

beforeAll(async () => {
  idp = await startSamlIdp();
  encryptingIdp = await startSamlIdp({ encrypt: true });
  other = await createOrg(suite.ctx.database, { name: 'Other Saml Org' });
  otherHeaders = (await signInNewUser(suite.ctx, 'ADMIN', other.id)).headers;
});
afterAll(async () => {
  await idp?.close();
  await encryptingIdp?.close();
});

describe('an organization admin sets SAML up', () => {
  it('shows what to register at the provider, and the metadata to download', async () => {
    const res = await api('GET', `/organizations/${suite.org.id}/saml`);
    expect(res.statusCode, res.body).toBe(200);
    const base = `${PUBLIC_URL}/api/v1/saml/${suite.org.id}`;
    expect(res.json()).toMatchObject({
      enabled: false,
      spEntityId: `${base}/metadata`,
      acsUrl: `${base}/acs`,
      sloUrl: `${base}/slo`,
    });
    const metadata = await spMetadata(suite.org.id);
    expect(metadata).toContain(`entityID="${base}/metadata"`);
    expect(metadata).toContain(`Location="${base}/acs"`);
    expect(metadata).toContain('use="signing"');
    expect(metadata).toContain('use="encryption"');
    expect(metadata).not.toContain('PRIVATE KEY');
    expect(metadata).toMatch(/SingleLogoutService[^>]*HTTP-Redirect[^>]*\/slo"/);
  });

  it('refuses missing, unreadable, plain-http and malformed metadata', async () => {
    const save = (body: object) =>
      api('PUT', `/organizations/${suite.org.id}/saml`, { enabled: true, idpMetadataUrl: null, ...body });
    expect((await save({})).json().message).toBe(english('saml.metadataMissing'));
    expect((await save({ idpMetadataUrl: 'http://idp.example.org/metadata' })).json().message).toBe(
      english('saml.metadataNotHttps'),
    );
    const unreachable = await save({ idpMetadataUrl: 'http://127.0.0.1:9/metadata' });
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.json().message).toBe(english('saml.metadataUnreachable'));
    const noCert = idp.metadata.replace(/<(\w+:)?KeyDescriptor[\s\S]*?<\/(\w+:)?KeyDescriptor>/g, '');
    expect((await save({ idpMetadataXml: noCert })).json().message).toBe(english('saml.metadataInvalid'));
    expect((await save({ idpMetadataXml: '<not xml' })).statusCode).toBe(400);
  });

  it("without SSO_ALLOW_PRIVATE_ISSUERS, refuses metadata on this server's own networks, as an OpenID issuer", async () => {
    const strict = await createTestContext({ env: { PUBLIC_URL, SSO_ALLOW_PRIVATE_ISSUERS: 'false' } });
    try {
      const strictOrg = await createOrg(strict.database, { name: 'Strict Saml Org' });
      const { headers } = await signInNewUser(strict, 'ADMIN', strictOrg.id);
      for (const idpMetadataUrl of [idp.metadataUrl, 'https://127.0.0.1:9/metadata', 'https://10.0.0.1/m']) {
        const res = await strict.app.inject({
          method: 'PUT',
          url: `/api/v1/organizations/${strictOrg.id}/saml`,
          headers,
          payload: { enabled: true, idpMetadataUrl },
        });
        expect(res.statusCode, idpMetadataUrl).toBe(400);
        expect(res.json().message).toBe(english('saml.metadataNotHttps'));
      }
    } finally {
      await strict.close();
    }
  });

  it('reads the provider by its metadata address (and the other organization by the pasted file)', async () => {
    const res = await api('PUT', `/organizations/${suite.org.id}/saml`, {
      enabled: true,
      idpMetadataUrl: idp.metadataUrl,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      enabled: true,
      idpEntityId: `${idp.url}/metadata`,
      idpSsoUrl: `${idp.url}/sso`,
      idpSloUrl: `${idp.url}/slo`,
      idpCertificateCount: 1,
    });
    const pasted = await api(
      'PUT',
      `/organizations/${other.id}/saml`,
      { enabled: true, idpMetadataUrl: null, idpMetadataXml: idp.metadata },
      otherHeaders,
    );
    expect(pasted.statusCode, pasted.body).toBe(200);
    // The audit log says what changed.
    const [entry] = await suite.ctx.database.db
      .select({ action: auditLog.action, changes: auditLog.changes })
      .from(auditLog)
      .where(eq(auditLog.orgId, suite.org.id))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      action: 'signIn.change',
      changes: {
        samlEnabled: [false, true],
        samlMetadataUrl: [null, idp.metadataUrl],
        samlIdentityProvider: [null, `${idp.url}/metadata`],
      },
    });
    // Another organization's admin cannot read or change it.
    expect(
      (await api('GET', `/organizations/${suite.org.id}/saml`, undefined, otherHeaders)).statusCode,
    ).toBe(404);
  });
});

describe('signing in with SAML', () => {
  it('SP-initiated: the sign-in button sends a signed AuthnRequest; the signed answer signs in, once', async () => {
    const user = await createUser(suite.ctx.database, 'FACILITATOR', suite.org.id);
    expect(
      (await api('GET', `/sso/options/${encodeURIComponent('saml org')}`, undefined, {})).json(),
    ).toEqual({
      org: suite.org.name,
      orgId: suite.org.id,
    });
    const start = await api('POST', '/sso/start', { org: suite.org.name }, {});
    expect(start.statusCode, start.body).toBe(200);
    const { authorizationUrl } = start.json();
    expect(authorizationUrl.startsWith(`${idp.url}/sso?SAMLRequest=`)).toBe(true);
    // The provider checks the request's signature against the service provider's metadata.
    const sp = await spMetadata(suite.org.id);
    const requestId = await idp.requestId(sp, authorizationUrl);
    const answer = await idp.respond(sp, user.email!, requestId);
    const res = await postAcs(suite.org.id, answer);
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`${PUBLIC_URL}/enter`);
    const refresh = res.cookies.find((c) => c.name === 'playshop_refresh')!;
    expect(refresh.httpOnly).toBe(true);
    // The session works: the refresh cookie gives an access token for this user.
    const renewed = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/refresh',
      headers: { 'x-requested-with': 'playshop' },
      cookies: { playshop_refresh: refresh.value },
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().userId).toBe(user.id);
    // The same answer again (same assertion id, same InResponseTo): refused.
    expectRefused(await postAcs(suite.org.id, answer));
  });

  it('IdP-initiated: a signed answer with no request signs in; an encrypted one too', async () => {
    const user = await createUser(suite.ctx.database, 'ADMIN', suite.org.id);
    const answer = await idp.respond(await spMetadata(suite.org.id), user.email!);
    const res = await postAcs(suite.org.id, answer);
    expect(res.statusCode, res.body).toBe(303);
    expect(hasSession(res)).toBe(true);
    // No InResponseTo to spend here: the assertion's id is what makes a replay fail.
    expectRefused(await postAcs(suite.org.id, answer), english('saml.replayed'));

    await api('PUT', `/organizations/${suite.org.id}/saml`, {
      enabled: true,
      idpMetadataUrl: encryptingIdp.metadataUrl,
    });
    const encrypted = await encryptingIdp.respond(await spMetadata(suite.org.id), user.email!);
    expect(xmlOf(encrypted)).toContain('EncryptedAssertion');
    expect(xmlOf(encrypted)).not.toContain(user.email!);
    const ok = await postAcs(suite.org.id, encrypted);
    expect(ok.statusCode, ok.body).toBe(303);
    expect(hasSession(ok)).toBe(true);
    await api('PUT', `/organizations/${suite.org.id}/saml`, {
      enabled: true,
      idpMetadataUrl: idp.metadataUrl,
    });
  });

  it('refuses a tampered assertion', async () => {
    const victim = await createUser(suite.ctx.database, 'ADMIN', suite.org.id);
    const user = await createUser(suite.ctx.database, 'FACILITATOR', suite.org.id);
    const xml = xmlOf(await idp.respond(await spMetadata(suite.org.id), user.email!));
    expectRefused(await postAcs(suite.org.id, b64(xml.replaceAll(user.email!, victim.email!))));
  });

  it('refuses an unsigned assertion', async () => {
    const user = await createUser(suite.ctx.database, 'FACILITATOR', suite.org.id);
    const xml = xmlOf(await idp.respond(await spMetadata(suite.org.id), user.email!));
    const unsigned = xml.replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, '');
    expect(unsigned).not.toContain('Signature');
    expectRefused(await postAcs(suite.org.id, b64(unsigned)));
  });

  it('refuses a wrapped signature (XML signature wrapping)', async () => {
    const victim = await createUser(suite.ctx.database, 'ADMIN', suite.org.id);
    const user = await createUser(suite.ctx.database, 'FACILITATOR', suite.org.id);
    const xml = xmlOf(await idp.respond(await spMetadata(suite.org.id), user.email!));
    const signed = xml.match(/<saml:Assertion[\s\S]*<\/saml:Assertion>/)![0];
    // The attacker's assertion names the victim and carries the genuinely signed one inside it, so
    // the signature still verifies against the element its Reference names.
    const evil = signed
      .replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/, '')
      .replace(/ID="[^"]+"/, 'ID="_evil"')
      .replaceAll(user.email!, victim.email!)
      .replace('</saml:Assertion>', `<saml:Advice>${signed}</saml:Advice></saml:Assertion>`);
    expectRefused(await postAcs(suite.org.id, b64(xml.replace(signed, evil))));
    // And the classic variant: the signed assertion beside the attacker's one.
    expectRefused(
      await postAcs(
        suite.org.id,
        b64(xml.replace(signed, `${evil.replace(/<saml:Advice>[\s\S]*<\/saml:Advice>/, '')}${signed}`)),
      ),
    );
  });

  it("refuses an assertion for another organization (its audience and recipient are the other one's)", async () => {
    const user = await createUser(suite.ctx.database, 'FACILITATOR', suite.org.id);
    const forOther = await idp.respond(await spMetadata(other.id), user.email!);
    expectRefused(await postAcs(suite.org.id, forOther));
  });

  it('refuses an answer to a request that was never sent, and an empty post', async () => {
    const user = await createUser(suite.ctx.database, 'FACILITATOR', suite.org.id);
    expectRefused(
      await postAcs(
        suite.org.id,
        await idp.respond(await spMetadata(suite.org.id), user.email!, '_never_sent'),
      ),
    );
    const empty = await suite.ctx.app.inject({
      method: 'POST',
      url: `/api/v1/saml/${suite.org.id}/acs`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
  });

  it('matches accounts as OpenID Connect does: unknown refused unless created, with the default role', async () => {
    const stranger = `new-${Date.now()}@saml.example`;
    expectRefused(
      await postAcs(suite.org.id, await idp.respond(await spMetadata(suite.org.id), stranger)),
      english('signIn.ssoNoAccount'),
    );
    const rules = await api(
      'PUT',
      `/organizations/${suite.org.id}/sign-in`,
      signInSettings({ ssoEnabled: false, createAccounts: true, defaultRole: 'ADMIN' }),
    );
    expect(rules.statusCode, rules.body).toBe(200);
    const created = await postAcs(suite.org.id, await idp.respond(await spMetadata(suite.org.id), stranger));
    expect(created.statusCode, created.body).toBe(303);
    const elsewhere = await createUser(suite.ctx.database, 'ADMIN', other.id);
    expectRefused(
      await postAcs(suite.org.id, await idp.respond(await spMetadata(suite.org.id), elsewhere.email!)),
      english('signIn.ssoOtherOrganization'),
    );
  });

  it('password sign-in can be turned off with SAML alone, and is then refused', async () => {
    const user = await createUser(suite.ctx.database, 'FACILITATOR', suite.org.id);
    const off = await api(
      'PUT',
      `/organizations/${suite.org.id}/sign-in`,
      signInSettings({ ssoEnabled: false, passwordSignInDisabled: true }),
    );
    expect(off.statusCode, off.body).toBe(200);
    const login = await api('POST', '/login', { email: user.email!, password: TEST_PASSWORD }, {});
    expect(login.statusCode).toBe(403);
    await api('PUT', `/organizations/${suite.org.id}/sign-in`, signInSettings({ ssoEnabled: false }));
  });

  it("single logout: the provider's signed LogoutRequest ends the account's sessions", async () => {
    const user = await createUser(suite.ctx.database, 'FACILITATOR', suite.org.id);
    const sp = await spMetadata(suite.org.id);
    const res = await postAcs(suite.org.id, await idp.respond(sp, user.email!));
    const refresh = res.cookies.find((c) => c.name === 'playshop_refresh')!.value;
    const logoutUrl = new URL(await idp.logoutRequestUrl(sp, user.email!));
    const unsigned = new URLSearchParams(logoutUrl.search);
    unsigned.delete('Signature');
    expect((await api('GET', `/saml/${suite.org.id}/slo?${unsigned}`, undefined, {})).statusCode).toBe(400);
    const slo = await api('GET', `/saml/${suite.org.id}/slo${logoutUrl.search}`, undefined, {});
    expect(slo.statusCode, slo.body).toBe(303);
    expect(slo.headers.location).toMatch(new RegExp(`^${idp.url}/slo\\?SAMLResponse=`));
    const renewed = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/refresh',
      headers: { 'x-requested-with': 'playshop' },
      cookies: { playshop_refresh: refresh },
    });
    expect(renewed.statusCode).toBe(401);
  });
});

describe('remembered message ids', () => {
  it('are forgotten by the housekeeping once their time is over, and only then', async () => {
    const db = suite.ctx.database.db;
    const hourAgo = new Date(Date.now() - 3600_000);
    expect(await rememberOnce(db, 'test:old', 'x', hourAgo)).toBe(true);
    expect(await rememberOnce(db, 'test:new', 'x', new Date(Date.now() + 3600_000))).toBe(true);
    expect(await rememberOnce(db, 'test:new', 'x', new Date(Date.now() + 3600_000))).toBe(false);
    expect(await purgeExpiredSamlIds(db)).toBeGreaterThanOrEqual(1);
    const left = await db
      .select({ key: samlMessageIds.key })
      .from(samlMessageIds)
      .where(like(samlMessageIds.key, 'test:%'));
    expect(left).toEqual([{ key: 'test:new' }]);
  });
});

describe('signing out of a SAML sign-in', () => {
  it('sends a signed LogoutRequest to the provider, whose answer comes home once; a password sign-in has none', async () => {
    const user = await createUser(suite.ctx.database, 'FACILITATOR', suite.org.id);
    const sp = await spMetadata(suite.org.id);
    const res = await postAcs(suite.org.id, await idp.respond(sp, user.email!));
    const renewed = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/refresh',
      headers: { 'x-requested-with': 'playshop' },
      cookies: { playshop_refresh: res.cookies.find((c) => c.name === 'playshop_refresh')!.value },
    });
    const headers = { authorization: `Bearer ${renewed.json().accessToken}` };
    const out = await api('GET', '/saml/logout-url', undefined, headers);
    expect(out.statusCode, out.body).toBe(200);
    const { logoutUrl } = out.json();
    expect(logoutUrl).toMatch(new RegExp(`^${idp.url}/slo\\?SAMLRequest=`));
    // The provider checks the request's signature and answers with a signed LogoutResponse.
    const answer = new URL(await idp.logoutResponseUrl(sp, logoutUrl));
    const back = await api('GET', `/saml/${suite.org.id}/slo${answer.search}`, undefined, {});
    expect(back.statusCode, back.body).toBe(303);
    expect(back.headers.location).toBe(`${PUBLIC_URL}/`);
    // Its InResponseTo is spent.
    expect((await api('GET', `/saml/${suite.org.id}/slo${answer.search}`, undefined, {})).statusCode).toBe(
      400,
    );

    const byPassword = await signInNewUser(suite.ctx, 'FACILITATOR', suite.org.id);
    expect((await api('GET', '/saml/logout-url', undefined, byPassword.headers)).json()).toEqual({
      logoutUrl: null,
    });
  });
});
