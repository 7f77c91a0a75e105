/**
 * A production server never reaches into its own network for a single sign-on provider (issue 43):
 * loopback, private and link-local issuers and plain http are refused with a 400 naming the issuer,
 * before any connection is opened (a listener on loopback counts none), so the answer is the same
 * and as fast whatever listens on the address and port. SSO_ALLOW_PRIVATE_ISSUERS allows them
 * (development and tests by default).
 */
import { createServer, type Server, type Socket } from 'node:net';
import { english } from '@playshop/messages/english';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createOrg, createTestContext, signInNewUser, type TestContext } from '../../test/context';
import { startOidcProvider, type TestOidcProvider } from '../../test/oidc-provider';
import { signInSettings } from '../../test/two-factor';
import { isPublicAddress, providerConfigs } from './provider';

let ctx: TestContext;
let provider: TestOidcProvider;
let headers: Record<string, string>;
let orgId: number;
/** A listener on loopback that counts the connections it gets: it must get none. */
let listener: Server;
let port: number;
let connections = 0;
const open = new Set<Socket>();

beforeAll(async () => {
  // As in production: SSO_ALLOW_PRIVATE_ISSUERS unset there means false.
  ctx = await createTestContext({ env: { SSO_ALLOW_PRIVATE_ISSUERS: 'false' } });
  provider = await startOidcProvider(['http://localhost:3000/sso/callback']);
  const org = await createOrg(ctx.database);
  orgId = org.id;
  headers = (await signInNewUser(ctx, 'ADMIN', org.id)).headers;
  listener = createServer((socket) => {
    connections += 1;
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as { port: number }).port;
});
afterAll(async () => {
  for (const socket of open) socket.destroy();
  await new Promise((resolve) => listener?.close(resolve));
  await provider?.close();
  await ctx?.close();
});

const save = (issuer: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/organizations/${orgId}/sign-in`,
    headers,
    payload: signInSettings({ ssoEnabled: true, issuer, clientId: 'playshop', clientSecret: 'secret' }),
  });

describe('a production server and single sign-on issuers', () => {
  it('refuses plain http, even on a public name, and the test provider on loopback', async () => {
    for (const issuer of ['http://login.example.org', `http://127.0.0.1:${port}`, provider.issuer]) {
      const res = await save(issuer);
      expect(res.statusCode, issuer).toBe(400);
      expect(res.json(), issuer).toMatchObject({
        field: 'issuer',
        message: english('errors.issuerNotHttps'),
      });
    }
    expect(connections).toBe(0);
  });

  it('refuses loopback, private, link-local and mapped addresses, by address or by name, opening no connection', async () => {
    const refused = [
      `https://127.0.0.1:${port}`,
      'https://127.0.0.1:6379',
      `https://localhost:${port}`,
      `https://[::1]:${port}`,
      `https://[::ffff:127.0.0.1]:${port}`,
      `https://0.0.0.0:${port}`,
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.8',
      'https://172.16.4.4',
      'https://192.168.1.1',
      'https://100.64.0.1',
      'https://[fe80::1]',
      'https://[fd00::1]',
    ];
    for (const issuer of refused) {
      const res = await save(issuer);
      expect(res.statusCode, issuer).toBe(400);
      expect(res.json(), issuer).toMatchObject({
        field: 'issuer',
        code: 'BAD_REQUEST',
        message: english('errors.issuerNotPublic'),
      });
    }
    expect(connections).toBe(0);
  });

  it('never connects to a name that resolves into its own network, whatever asks (discovery, keys, tokens)', async () => {
    // The check made as each connection opens: what a name resolving elsewhere later (DNS rebinding) meets.
    const configs = providerConfigs(() => new Date(), { allowPrivate: false });
    await expect(configs(`https://localhost:${port}`, 'playshop', 'secret')).rejects.toThrow();
    await expect(configs(`https://127.0.0.1:${port}`, 'playshop', 'secret')).rejects.toThrow();
    expect(connections).toBe(0);
  });

  it('tells public addresses from the rest', () => {
    for (const address of ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c', '1.1.1.1'])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.1.1.1',
      '169.254.169.254',
      '::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      'x',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('SSO_ALLOW_PRIVATE_ISSUERS: unset means false in production and true elsewhere; the operator may set it', () => {
    const base = { DATA_DIR: ctx.dataDir, JWT_SECRET: 'x'.repeat(40) };
    const production = { ...base, NODE_ENV: 'production', PUBLIC_URL: 'https://bingo.example.org' };
    expect(loadConfig(production).ssoAllowPrivateIssuers).toBe(false);
    expect(loadConfig({ ...production, SSO_ALLOW_PRIVATE_ISSUERS: 'true' }).ssoAllowPrivateIssuers).toBe(
      true,
    );
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).ssoAllowPrivateIssuers).toBe(true);
  });
});

describe('with SSO_ALLOW_PRIVATE_ISSUERS=true', () => {
  it('takes the provider on loopback over plain http', async () => {
    const allowed = await createTestContext({ env: { SSO_ALLOW_PRIVATE_ISSUERS: 'true' } });
    try {
      const org = await createOrg(allowed.database);
      const admin = (await signInNewUser(allowed, 'ADMIN', org.id)).headers;
      const res = await allowed.app.inject({
        method: 'PUT',
        url: `/api/v1/organizations/${org.id}/sign-in`,
        headers: admin,
        payload: signInSettings({
          ssoEnabled: true,
          issuer: provider.issuer,
          clientId: provider.clientId,
          clientSecret: provider.clientSecret,
        }),
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await allowed.close();
    }
  });
});
