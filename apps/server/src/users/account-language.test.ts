import { describe, expect, it } from 'vitest';
import { createUser, signIn, signInNewUser } from '../test/context';
import { orgSuite } from '../test/org-suite';

const suite = orgSuite({ name: 'Sprachen' });

const setLanguage = (headers: Record<string, string>, language: unknown) =>
  suite.ctx.app.inject({ method: 'PUT', url: '/api/v1/account/language', headers, payload: { language } });

describe('a staff member’s own language (PUT /account/language)', () => {
  it('is kept with the account: the next sign-in and refresh on another device carry it', async () => {
    const user = await createUser(suite.ctx.database, 'FACILITATOR', suite.org.id);
    const first = await signIn(suite.ctx.app, user);
    expect(first.body).toMatchObject({ language: null });

    const res = await setLanguage(first.headers, 'de');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ language: 'de' });

    // Another device: a fresh sign-in, then its refresh.
    const second = await signIn(suite.ctx.app, user);
    expect(second.body).toMatchObject({ language: 'de' });
    const refreshed = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/refresh',
      cookies: { playshop_refresh: second.refreshCookie },
      headers: { 'x-requested-with': 'playshop' },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toMatchObject({ language: 'de' });

    // null gives the browser its say back.
    expect((await setLanguage(first.headers, null)).json()).toEqual({ language: null });
    expect((await signIn(suite.ctx.app, user)).body).toMatchObject({ language: null });
  });

  it('takes any of the six staff languages (issue 44), nothing else, with the reason', async () => {
    const { headers } = await signInNewUser(suite.ctx, 'ADMIN', suite.org.id);
    for (const language of ['fr', 'es', 'nl', 'ar']) {
      const res = await setLanguage(headers, language);
      expect(res.statusCode, language).toBe(200);
      expect(res.json()).toEqual({ language });
    }
    for (const bad of ['xx', 'FR', 'pt', 7]) {
      const res = await setLanguage(headers, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('Language must be one of: en, de, fr, es, nl, ar');
    }
    expect((await setLanguage(headers, undefined)).statusCode).toBe(400);
  });

  it('is refused to players and to anyone signed out', async () => {
    const { headers } = await signInNewUser(suite.ctx, 'PLAYER', suite.org.id);
    expect((await setLanguage(headers, 'de')).statusCode).toBe(403);
    expect((await setLanguage({}, 'de')).statusCode).toBe(401);
  });
});
