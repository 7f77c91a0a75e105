/**
 * Issue 45 item 2: SCIM 2.0 provisioning as Okta and Entra ID run it: create, update, deactivate
 * (every session ended, sign-in refused), reactivate, delete, group membership → role; filters,
 * pagination, ETags, tenancy, the token's life, and every refusal in the SCIM error format.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/passwords';
import { auditLog, signInSessions, users } from '../db/schema';
import {
  createOrg,
  createTestContext,
  PUBLIC_URL,
  signIn,
  signInNewUser,
  TEST_PASSWORD,
  type TestContext,
} from '../test/context';
import { signInAtProvider, startOidcProvider } from '../test/oidc-provider';
import { signInSettings } from '../test/two-factor';

let ctx: TestContext;
let orgId: number;
let otherOrgId: number;
let admin: Awaited<ReturnType<typeof signInNewUser>>;
let token: string;
let otherToken: string;

// biome-ignore lint/suspicious/noExplicitAny: SCIM replies are read field by field.
type Json = Record<string, any>;

const scim = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  payload?: object,
  headers: Record<string, string> = {},
  org = orgId,
  bearer = token,
) =>
  ctx.app.inject({
    method,
    url: `/api/v1/scim/v2/${org}${path}`,
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/scim+json', ...headers },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });

const expectScimError = (
  res: { statusCode: number; headers: Json; json(): unknown },
  status: number,
  scimType?: string,
) => {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toContain('application/scim+json');
  const body = res.json() as Json;
  expect(body.schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:Error']);
  expect(body.status).toBe(String(status));
  expect(typeof body.detail).toBe('string');
  if (scimType) expect(body.scimType).toBe(scimType);
  else expect(body.scimType).toBeUndefined();
};

async function newToken(id: number, headers = admin.headers) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/organizations/${id}/scim/token`,
    headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { token: string; baseUrl: string; tokenCreatedAt: string };
}

/** Gives a provisioned user the test password, signs them in: their session. */
async function passwordFor(id: string, email: string) {
  await ctx.database.db
    .update(users)
    .set({ passwordHash: await hashPassword(TEST_PASSWORD) })
    .where(eq(users.id, Number(id)));
  return signIn(ctx.app, { email, username: null });
}
const login = (email: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email, password: TEST_PASSWORD } });
const refresh = (cookie: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/refresh',
    cookies: { playshop_refresh: cookie },
    headers: { 'x-requested-with': 'playshop' },
  });
/** The users row of a provisioned user (SCIM ids are the row's id as text). */
const userRow = async (id: string) =>
  (
    await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.id, Number(id)))
  )[0]!;
const liveSessions = async (id: string) =>
  (
    await ctx.database.db
      .select()
      .from(signInSessions)
      .where(eq(signInSessions.userId, Number(id)))
  ).filter((s) => s.endedAt === null);

beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_URL } });
  orgId = (await createOrg(ctx.database)).id;
  otherOrgId = (await createOrg(ctx.database)).id;
  admin = await signInNewUser(ctx, 'ADMIN', orgId);
  const made = await newToken(orgId);
  token = made.token;
  expect(made.baseUrl).toBe(`${PUBLIC_URL}/api/v1/scim/v2/${orgId}`);
  otherToken = (await newToken(otherOrgId, (await signInNewUser(ctx, 'ADMIN', otherOrgId)).headers)).token;
});
afterAll(() => ctx?.close());

describe('the token', () => {
  it('is shown once, kept hashed, audited; rotating and revoking stop the old one (401 in SCIM format)', async () => {
    const status = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/organizations/${orgId}/scim`,
      headers: admin.headers,
    });
    expect(status.json()).toMatchObject({ orgId, tokenCreatedAt: expect.any(String) });
    expect(status.json().token).toBeUndefined();
    const org = await createOrg(ctx.database);
    const orgAdmin = await signInNewUser(ctx, 'ADMIN', org.id);
    const first = (await newToken(org.id, orgAdmin.headers)).token;
    expect((await scim('GET', '/Users', undefined, {}, org.id, first)).statusCode).toBe(200);
    const second = (await newToken(org.id, orgAdmin.headers)).token;
    expectScimError(await scim('GET', '/Users', undefined, {}, org.id, first), 401);
    expect((await scim('GET', '/Users', undefined, {}, org.id, second)).statusCode).toBe(200);
    const revoked = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/organizations/${org.id}/scim/token`,
      headers: orgAdmin.headers,
    });
    expect(revoked.json().tokenCreatedAt).toBeNull();
    const refused = await scim('GET', '/Users', undefined, {}, org.id, second);
    expectScimError(refused, 401);
    expect(refused.headers['www-authenticate']).toContain('Bearer');
    const actions = (await ctx.database.db.select().from(auditLog).where(eq(auditLog.orgId, org.id))).map(
      (e) => e.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining(['scim.token_create', 'scim.token_rotate', 'scim.token_revoke']),
    );
  });

  it('is refused when missing, wrong, or another organization’s; a facilitator cannot make one', async () => {
    expectScimError(await ctx.app.inject({ method: 'GET', url: `/api/v1/scim/v2/${orgId}/Users` }), 401);
    expectScimError(await scim('GET', '/Users', undefined, {}, orgId, 'scim_wrong'), 401);
    expectScimError(await scim('GET', '/Users', undefined, {}, orgId, otherToken), 401);
    const facilitator = await signInNewUser(ctx, 'FACILITATOR', orgId);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/organizations/${orgId}/scim/token`,
      headers: facilitator.headers,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('as Okta runs it', () => {
  it('create, find, update, deactivate (sessions ended, sign-in refused), reactivate, group → role, delete', async () => {
    // Okta first looks the user up by userName.
    const none = await scim(
      'GET',
      '/Users?filter=userName%20eq%20%22ada%40okta.example%22&startIndex=1&count=100',
    );
    expect(none.json()).toMatchObject({ totalResults: 0, Resources: [] });
    const created = await scim('POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'ada@okta.example',
      name: { givenName: 'Ada', familyName: 'Lovelace' },
      emails: [{ primary: true, value: 'ada@okta.example', type: 'work' }],
      displayName: 'Ada Lovelace',
      locale: 'en-US',
      externalId: '00u1okta',
      groups: [],
      password: 'ignored-Password1',
      active: true,
    });
    expect(created.statusCode).toBe(201);
    expect(String(created.headers['content-type'])).toContain('application/scim+json');
    const user = created.json() as Json;
    expect(user).toMatchObject({
      userName: 'ada@okta.example',
      active: true,
      externalId: '00u1okta',
      name: { givenName: 'Ada', familyName: 'Lovelace' },
      emails: [{ value: 'ada@okta.example', primary: true }],
      meta: { resourceType: 'User', location: `${PUBLIC_URL}/api/v1/scim/v2/${orgId}/Users/${user.id}` },
    });
    expect(created.headers.etag).toBe(user.meta.version);
    expect(await userRow(user.id)).toMatchObject({
      role: 'FACILITATOR',
      orgId,
      email: 'ada@okta.example',
      passwordHash: null,
    });

    const found = await scim('GET', '/Users?filter=userName%20eq%20%22ADA%40okta.example%22');
    expect(found.json()).toMatchObject({ totalResults: 1, Resources: [{ id: user.id }] });

    const renamed = await scim('PATCH', `/Users/${user.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', value: { name: { givenName: 'Augusta', familyName: 'King' } } }],
    });
    expect(renamed.json()).toMatchObject({ name: { givenName: 'Augusta', familyName: 'King' } });

    const session = await passwordFor(user.id, 'ada@okta.example');
    expect(await liveSessions(user.id)).toHaveLength(1);
    const off = await scim('PATCH', `/Users/${user.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(off.json().active).toBe(false);
    expect(await liveSessions(user.id)).toEqual([]);
    const [ended] = await ctx.database.db
      .select()
      .from(signInSessions)
      .where(eq(signInSessions.userId, Number(user.id)));
    expect(ended!.endReason).toBe('deactivated');
    expect((await refresh(session.refreshCookie)).statusCode).toBe(401);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/sessions', headers: session.headers });
    expect(me.statusCode).toBe(401);
    const refused = await login('ada@okta.example');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ACCOUNT_DEACTIVATED');

    const on = await scim('PATCH', `/Users/${user.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', value: { active: true } }],
    });
    expect(on.json().active).toBe(true);
    expect((await login('ada@okta.example')).statusCode).toBe(200);

    // Group push: Okta finds the group by its name and adds the member.
    const groups = await scim('GET', '/Groups?filter=displayName%20eq%20%22Playshop%20Admins%22');
    const group = groups.json().Resources[0] as Json;
    expect(group).toMatchObject({ id: 'admins', displayName: 'Playshop Admins' });
    const before = await liveSessions(user.id);
    expect(before.length).toBeGreaterThan(0);
    const added = await scim('PATCH', '/Groups/admins', {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'add', path: 'members', value: [{ value: user.id, display: 'ada@okta.example' }] }],
    });
    expect(added.json().members.map((m: Json) => m.value)).toContain(user.id);
    expect((await userRow(user.id)).role).toBe('ADMIN');
    expect(await liveSessions(user.id)).toEqual([]);
    expect((await scim('GET', `/Users/${user.id}`)).json().groups).toMatchObject([{ value: 'admins' }]);
    const removed = await scim('PATCH', '/Groups/admins', {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'remove', path: 'members', value: [{ value: user.id }] }],
    });
    expect(removed.json().members.map((m: Json) => m.value)).not.toContain(user.id);
    expect((await userRow(user.id)).role).toBe('FACILITATOR');

    expect((await scim('DELETE', `/Users/${user.id}`)).statusCode).toBe(204);
    expectScimError(await scim('GET', `/Users/${user.id}`), 404);
    const actions = (
      await ctx.database.db.select().from(auditLog).where(eq(auditLog.actorLabel, 'SCIM'))
    ).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'scim.user_create',
        'scim.user_edit',
        'scim.user_deactivate',
        'scim.user_reactivate',
        'scim.role_change',
        'scim.user_delete',
      ]),
    );
  });
});

describe('as Entra ID runs it', () => {
  it('filters by externalId, PATCHes with paths and "False"/"True", replaces emails by filter path, uses group member filters', async () => {
    const none = await scim('GET', '/Users?filter=externalId+eq+%22e-1%22');
    expect(none.json().totalResults).toBe(0);
    const created = await scim('POST', '/Users', {
      schemas: [
        'urn:ietf:params:scim:schemas:core:2.0:User',
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
      ],
      externalId: 'e-1',
      UserName: 'grace@entra.example',
      Active: 'True',
      displayName: 'Grace Hopper',
      emails: [{ primary: true, type: 'work', value: 'grace@entra.example' }],
      meta: { resourceType: 'User' },
      name: { familyName: 'Hopper', givenName: 'Grace' },
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'Navy' },
    });
    expect(created.statusCode).toBe(201);
    const user = created.json() as Json;
    expect((await scim('GET', '/Users?filter=externalId+eq+%22e-1%22')).json()).toMatchObject({
      totalResults: 1,
    });
    expect(
      (await scim('GET', '/Users?filter=emails%5Bvalue+eq+%22grace%40entra.example%22%5D')).json()
        .totalResults,
    ).toBe(1);

    const patched = await scim('PATCH', `/Users/${user.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'grace.hopper@entra.example' },
        { op: 'Replace', path: 'name.familyName', value: 'Murray Hopper' },
        { op: 'Add', path: 'title', value: 'Rear Admiral' },
        { op: 'Replace', path: 'urn:ietf:params:scim:schemas:core:2.0:User:externalId', value: 'e-1b' },
      ],
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      userName: 'grace@entra.example',
      externalId: 'e-1b',
      emails: [{ value: 'grace.hopper@entra.example' }],
      name: { familyName: 'Murray Hopper' },
    });
    const session = await passwordFor(user.id, 'grace.hopper@entra.example');
    const off = await scim('PATCH', `/Users/${user.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(off.json().active).toBe(false);
    expect(await liveSessions(user.id)).toEqual([]);
    expect((await refresh(session.refreshCookie)).statusCode).toBe(401);
    expect((await login('grace.hopper@entra.example')).statusCode).toBe(403);
    const on = await scim('PATCH', `/Users/${user.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: 'active', value: 'true' }],
    });
    expect(on.json().active).toBe(true);
    expect((await login('grace.hopper@entra.example')).statusCode).toBe(200);

    const add = await scim('PATCH', '/Groups/admins', {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: user.id }] }],
    });
    expect(add.statusCode).toBe(200);
    expect((await scim('GET', `/Users/${user.id}`)).json().groups[0].display).toBe('Playshop Admins');
    const remove = await scim('PATCH', '/Groups/admins', {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Remove', path: `members[value eq "${user.id}"]` }],
    });
    expect(remove.statusCode).toBe(200);
    expect((await scim('GET', `/Users/${user.id}`)).json().groups[0].display).toBe('Playshop Facilitators');

    // PUT replaces the whole user.
    const put = await scim('PUT', `/Users/${user.id}`, {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'grace@entra.example',
      emails: [{ value: 'grace@entra.example', primary: true }],
      name: { givenName: 'G.', familyName: 'Hopper' },
      active: true,
    });
    expect(put.json()).toMatchObject({
      name: { givenName: 'G.' },
      emails: [{ value: 'grace@entra.example' }],
    });
    expect(put.json().externalId).toBeUndefined();
    expect((await scim('DELETE', `/Users/${user.id}`)).statusCode).toBe(204);
    expectScimError(await scim('DELETE', `/Users/${user.id}`), 404);
  });
});

describe('lists, versions, tenancy and errors', () => {
  it('pages with startIndex and count, and totalResults counts all', async () => {
    for (const n of [1, 2, 3])
      expect((await scim('POST', '/Users', { userName: `page${n}@list.example` })).statusCode).toBe(201);
    const all = (await scim('GET', '/Users')).json() as Json;
    const page = (await scim('GET', '/Users?startIndex=2&count=2')).json() as Json;
    expect(page).toMatchObject({ totalResults: all.totalResults, startIndex: 2, itemsPerPage: 2 });
    expect(page.Resources.map((u: Json) => u.id)).toEqual(all.Resources.slice(1, 3).map((u: Json) => u.id));
    const counted = (await scim('GET', '/Users?count=0')).json() as Json;
    expect(counted).toMatchObject({ totalResults: all.totalResults, Resources: [] });
    // Players and other organizations' staff are not the directory's.
    expect(all.Resources.every((u: Json) => u.userName !== undefined)).toBe(true);
  });

  it('ETags: If-Match with an old version → 412, with the current one it applies', async () => {
    const user = (await scim('POST', '/Users', { userName: 'etag@list.example' })).json() as Json;
    const old = user.meta.version;
    const next = await scim(
      'PATCH',
      `/Users/${user.id}`,
      { Operations: [{ op: 'replace', path: 'name.givenName', value: 'E' }] },
      { 'if-match': old },
    );
    expect(next.statusCode).toBe(200);
    expect(next.json().meta.version).not.toBe(old);
    expectScimError(
      await scim(
        'PATCH',
        `/Users/${user.id}`,
        { Operations: [{ op: 'replace', path: 'name.givenName', value: 'F' }] },
        { 'if-match': old },
      ),
      412,
    );
    expectScimError(await scim('DELETE', `/Users/${user.id}`, undefined, { 'if-match': old }), 412);
    const current = await scim('GET', `/Users/${user.id}`, undefined, {
      'if-none-match': next.json().meta.version,
    });
    expect(current.statusCode).toBe(304);
  });

  it("another organization's user is not found, not listed, not changeable", async () => {
    const theirs = (
      await scim('POST', '/Users', { userName: 'theirs@other.example' }, {}, otherOrgId, otherToken)
    ).json() as Json;
    expectScimError(await scim('GET', `/Users/${theirs.id}`), 404);
    expectScimError(
      await scim('PATCH', `/Users/${theirs.id}`, {
        Operations: [{ op: 'replace', path: 'active', value: false }],
      }),
      404,
    );
    expectScimError(await scim('DELETE', `/Users/${theirs.id}`), 404);
    expect(
      (await scim('GET', '/Users?filter=userName+eq+%22theirs%40other.example%22')).json().totalResults,
    ).toBe(0);
    expectScimError(
      await scim('PATCH', '/Groups/admins', {
        Operations: [{ op: 'add', path: 'members', value: [{ value: theirs.id }] }],
      }),
      400,
      'invalidValue',
    );
    expectScimError(await scim('GET', `/Users/${admin.user.id}x`), 404);
  });

  it('every refusal in the SCIM error format', async () => {
    await scim('POST', '/Users', { userName: 'taken@err.example' });
    expectScimError(await scim('POST', '/Users', { userName: 'TAKEN@err.example' }), 409, 'uniqueness');
    expectScimError(
      await scim('POST', '/Users', { userName: 'x@err.example', emails: [{ value: 'taken@err.example' }] }),
      409,
      'uniqueness',
    );
    expectScimError(await scim('POST', '/Users', { name: { givenName: 'No' } }), 400, 'invalidValue');
    expectScimError(await scim('POST', '/Users', { userName: 'not-an-email' }), 400, 'invalidValue');
    expectScimError(
      await scim('POST', '/Users', { userName: 'a@err.example', active: 'maybe' }),
      400,
      'invalidValue',
    );
    expectScimError(await scim('GET', '/Users?filter=userName+co+%22a%22'), 400, 'invalidFilter');
    expectScimError(await scim('GET', '/Users?filter=title+eq+%22a%22'), 400, 'invalidFilter');
    expectScimError(await scim('GET', '/Users?filter=userName+eq+%22a'), 400, 'invalidFilter');
    expectScimError(await scim('GET', '/Users?startIndex=x'), 400, 'invalidValue');
    const user = (await scim('GET', '/Users?filter=userName+eq+%22taken%40err.example%22')).json()
      .Resources[0] as Json;
    expectScimError(
      await scim('PATCH', `/Users/${user.id}`, { Operations: [{ op: 'remove', path: 'userName' }] }),
      400,
      'mutability',
    );
    expectScimError(
      await scim('PATCH', `/Users/${user.id}`, { Operations: [{ op: 'replace', path: 'id', value: '9' }] }),
      400,
      'mutability',
    );
    expectScimError(
      await scim('PATCH', `/Users/${user.id}`, { Operations: [{ op: 'move', path: 'active', value: true }] }),
      400,
      'invalidValue',
    );
    expectScimError(
      await scim('PATCH', `/Users/${user.id}`, { Operations: [{ op: 'remove' }] }),
      400,
      'noTarget',
    );
    expectScimError(await scim('PATCH', `/Users/${user.id}`, {}), 400, 'invalidSyntax');
    expectScimError(
      await scim('PATCH', '/Groups/admins', {
        Operations: [{ op: 'replace', path: 'displayName', value: 'X' }],
      }),
      400,
      'mutability',
    );
    expectScimError(await scim('GET', '/Groups/nope'), 404);
    expectScimError(await scim('GET', '/Nothing'), 404);
    const broken = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/scim/v2/${orgId}/Users`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
      payload: '{"userName": ',
    });
    expectScimError(broken, 400, 'invalidSyntax');
  });

  it('ServiceProviderConfig, ResourceTypes and Schemas', async () => {
    const config = (await scim('GET', '/ServiceProviderConfig')).json() as Json;
    expect(config).toMatchObject({
      patch: { supported: true },
      filter: { supported: true },
      etag: { supported: true },
    });
    const types = (await scim('GET', '/ResourceTypes')).json() as Json;
    expect(types.Resources.map((t: Json) => t.endpoint)).toEqual(['/Users', '/Groups']);
    const schemas = (await scim('GET', '/Schemas')).json() as Json;
    expect(schemas.totalResults).toBe(2);
    expect((await scim('GET', '/Schemas/urn:ietf:params:scim:schemas:core:2.0:User')).statusCode).toBe(200);
  });
});

describe('single sign-on of a provisioned account', () => {
  it('a SCIM account signs in with OpenID Connect; deactivated it is refused there too, reactivated it signs in again', async () => {
    const provider = await startOidcProvider([`${PUBLIC_URL}/sso/callback`]);
    try {
      const org = await createOrg(ctx.database, { name: 'Scim Sso Org' });
      const orgAdmin = await signInNewUser(ctx, 'ADMIN', org.id);
      const settings = signInSettings({
        ssoEnabled: true,
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
      });
      const saved = await ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/organizations/${org.id}/sign-in`,
        headers: orgAdmin.headers,
        payload: settings,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const orgToken = (await newToken(org.id, orgAdmin.headers)).token;
      const user = (
        await scim('POST', '/Users', { userName: 'sso@scim.example' }, {}, org.id, orgToken)
      ).json() as Json;
      provider.addAccount({ email: 'sso@scim.example', emailVerified: true });
      const ssoSignIn = async () => {
        const start = await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/sso/start',
          payload: { org: org.name },
        });
        expect(start.statusCode, start.body).toBe(200);
        const attempt = start.cookies.find((c) => c.name === 'playshop_sso')!;
        const callback = await signInAtProvider(start.json().authorizationUrl, 'sso@scim.example');
        return ctx.app.inject({
          method: 'POST',
          url: '/api/v1/sso/callback',
          payload: { query: callback.search },
          cookies: { playshop_sso: attempt.value },
        });
      };
      expect((await ssoSignIn()).statusCode).toBe(200);
      const active = (value: boolean) =>
        scim(
          'PATCH',
          `/Users/${user.id}`,
          { Operations: [{ op: 'replace', path: 'active', value }] },
          {},
          org.id,
          orgToken,
        );
      expect((await active(false)).statusCode).toBe(200);
      expect(await liveSessions(user.id)).toEqual([]);
      const refused = await ssoSignIn();
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('ACCOUNT_DEACTIVATED');
      expect((await active(true)).statusCode).toBe(200);
      expect((await ssoSignIn()).statusCode).toBe(200);
    } finally {
      await provider.close();
    }
  });
});
