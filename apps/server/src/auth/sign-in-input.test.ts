/**
 * Issue 30 item 6: control characters in sign-in fields are a 400 naming the field (they reached
 * the database and answered 500 with an error-level log line carrying the SQL); chosen passwords
 * are checked against the common list, patterns and their owner's email and name; the API docs are
 * for staff alone in production.
 */

import { english } from '@playshop/messages/english';
import { describe, expect, it } from 'vitest';
import { passwordRefusal } from '../password-rules';
import {
  createOrg,
  createUser,
  newResetToken,
  signIn,
  signInNewUser,
  type TestContext,
  withTestContext,
} from '../test/context';
import { expectFieldRefusal } from '../test/error-replies';
import { orgSuite } from '../test/org-suite';

const lines: string[] = [];
const suite = orgSuite(
  { name: 'Input Org' },
  {
    logger: true,
    logStream: { stream: { write: (line: string) => void lines.push(line) } },
    env: { LOG_LEVEL: 'info' },
  },
);

// Each call from an address of its own: the per-IP limits are not what these tests are about.
let address = 0;
const post = (url: string, payload: Record<string, unknown>) =>
  suite.ctx.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload,
    remoteAddress: `10.77.0.${++address}`,
  });

describe('control characters in sign-in fields', () => {
  const cases: [url: string, field: string, body: (bad: string) => Record<string, unknown>][] = [
    ['/participantLogin', 'username', (bad) => ({ username: bad, org: 'Input Org' })],
    ['/participantLogin', 'org', (bad) => ({ username: 'someone', org: bad })],
    ['/participantLogin', 'code', (bad) => ({ username: 'someone', code: bad })],
    ['/login', 'email', (bad) => ({ email: bad, password: 'whatever password' })],
    ['/login', 'password', (bad) => ({ email: 'kim@example.com', password: bad })],
    ['/guestLogin', 'code', (bad) => ({ code: bad, nickname: 'Kim' })],
    ['/guestLogin', 'nickname', (bad) => ({ code: 'ABC234', nickname: bad })],
    ['/requestReset', 'email', (bad) => ({ email: bad })],
    ['/resetPassword', 'token', (bad) => ({ token: bad, password: 'a long new passphrase' })],
    ['/resetPassword', 'password', (bad) => ({ token: 'x', password: bad })],
  ];

  it('answers 400 naming the field for NUL, CR/LF, escape and C1, never 500, with no error logged', async () => {
    for (const [url, field, body] of cases)
      for (const bad of ['a\u0000b', 'a\r\nb', 'a\u001b[2Jb', 'a\u0085b', 'a\tb']) {
        const res = await post(url, body(bad));
        expect(res.statusCode, `${url} ${field} ${JSON.stringify(bad)}`).toBe(400);
        expect(res.json().field, `${url} ${field}`).toBe(field);
      }
    // The issue's very request.
    const issue = await post('/participantLogin', { username: 'a\u0000b', org: 'Demo Org' });
    expect(issue.statusCode).toBe(400);
    expect(issue.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'username' });
    const errors = lines.map((l) => JSON.parse(l)).filter((l) => l.level >= 50);
    expect(errors).toEqual([]);
    expect(lines.join('\n')).not.toMatch(/select|insert/i);
  });
});

describe('chosen passwords', () => {
  it('refuses patterns and the owner’s own email and names, and lets a real passphrase through', () => {
    const owner = { email: 'casey.jones@example.com', firstName: 'Casey', lastName: 'Jones' };
    for (const weak of ['aaaaaaaa', 'abababab', 'abcabcabc', 'abcdefgh', '98765432', '!!!!!!!!'])
      expect(passwordRefusal(weak)?.code, weak).toBe('WEAK_PASSWORD');
    for (const mine of [
      'casey.jones@example.com',
      'CaseyJones!',
      'Casey2024!',
      'myjonesfamily',
      'cjones-secret',
    ])
      expect(passwordRefusal(mine, owner)?.code, mine).toBe('PERSONAL_PASSWORD');
    expect(passwordRefusal('Password1')?.code).toBe('COMMON_PASSWORD');
    expect(passwordRefusal('correct horse battery', owner)).toBeNull();
    // A short name is only refused as the whole password, not inside a longer one.
    expect(passwordRefusal('banner planning day', { firstName: 'Ann' })).toBeNull();
  });

  it("refuses 'aaaaaaaa' and the person's own name for a new admin, saying why", async () => {
    const root = (await signInNewUser(suite.ctx, 'SUPER_ADMIN', suite.org.id)).headers;
    const create = (password: string, email: string) =>
      suite.ctx.app.inject({
        method: 'POST',
        url: '/api/v1/create-admin',
        headers: root,
        payload: {
          firstName: 'Robin',
          lastName: 'Hartley',
          email,
          role: 'ADMIN',
          organizationId: suite.org.id,
          password,
          confirmPassword: password,
        },
      });
    const weak = await create('aaaaaaaa', 'robin@example.com');
    expectFieldRefusal(
      weak,
      'WEAK_PASSWORD',
      english('validation.patternPassword'),
      'validation.patternPassword',
      'password',
    );
    const personal = await create('Hartley#2026', 'robin@example.com');
    expectFieldRefusal(
      personal,
      'PERSONAL_PASSWORD',
      english('validation.personalPassword'),
      'validation.personalPassword',
      'password',
    );
    expect((await create('robin.h.tulips', 'robin.h@example.com')).json().code).toBe('PERSONAL_PASSWORD');
    expect((await create('tulips along the canal', 'robin@example.com')).statusCode).toBe(201);
  });

  it("refuses the owner's email in a reset and leaves the token usable", async () => {
    const admin = await createUser(suite.ctx.database, 'ADMIN', suite.org.id);
    const token = await newResetToken(suite.ctx.database, admin.id);
    const refused = await post('/resetPassword', { token, password: `${admin.email}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('PERSONAL_PASSWORD');
    expect((await post('/resetPassword', { token, password: 'zzzzzzzz' })).json().code).toBe('WEAK_PASSWORD');
    expect((await post('/resetPassword', { token, password: 'tulips along the canal' })).statusCode).toBe(
      200,
    );
  });
});

describe('API docs (API_DOCS)', () => {
  const docs = (app: TestContext['app'], headers: Record<string, string> = {}) =>
    app.inject({ url: '/api/docs/json', headers });

  it('in production are served to signed-in staff only, a 404 to anyone else', async () => {
    await withTestContext(
      { env: { NODE_ENV: 'production', PUBLIC_URL: 'https://playshop.example' } },
      async (prod) => {
        const o = await createOrg(prod.database);
        expect((await docs(prod.app)).statusCode).toBe(404);
        expect((await prod.app.inject({ url: '/api/docs' })).statusCode).toBe(404);
        expect((await docs(prod.app, { authorization: 'Bearer garbage' })).statusCode).toBe(404);
        const player = await createUser(prod.database, 'PLAYER', o.id);
        const playerLogin = await prod.app.inject({
          method: 'POST',
          url: '/api/v1/participantLogin',
          payload: { username: player.username, orgId: o.id },
        });
        const playerToken = playerLogin.json().accessToken as string;
        expect((await docs(prod.app, { authorization: `Bearer ${playerToken}` })).statusCode).toBe(404);
        const staff = await createUser(prod.database, 'FACILITATOR', o.id);
        const { headers } = await signIn(prod.app, staff);
        const res = await docs(prod.app, headers);
        expect(res.statusCode).toBe(200);
        expect(res.json().openapi).toMatch(/^3\./);
      },
    );
  });

  it('can be public in production, or off anywhere', async () => {
    await withTestContext(
      { env: { NODE_ENV: 'production', PUBLIC_URL: 'https://playshop.example', API_DOCS: 'public' } },
      async (open) => expect((await docs(open.app)).statusCode).toBe(200),
    );
    await withTestContext({ env: { API_DOCS: 'off' } }, async (off) => {
      const staff = await createUser(off.database, 'SUPER_ADMIN', (await createOrg(off.database)).id);
      expect((await docs(off.app, (await signIn(off.app, staff)).headers)).statusCode).toBe(404);
    });
  });
});
