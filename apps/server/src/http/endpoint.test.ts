/** route(): one endpoint contract becomes a validated, access-checked Fastify route. */
import { endpoints } from '@playshop/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Actor } from './actor';
import { route } from './endpoint';
import { registerErrorHandler } from './errors';

const { create, mine, open } = endpoints(['test'], {
  create: {
    method: 'POST',
    path: '/things/:id',
    params: z.object({ id: z.coerce.number().int().min(1) }),
    query: z.object({ note: z.string().optional() }),
    body: z.object({ name: z.string().min(1) }),
    reply: z.object({ id: z.number(), name: z.string(), note: z.string().nullable(), by: z.number() }),
    status: 201,
    access: 'manageCategories',
    summary: 'test',
  },
  mine: {
    method: 'GET',
    path: '/mine',
    reply: z.object({ userId: z.number() }),
    access: 'signedIn',
    summary: 'test',
  },
  open: {
    method: 'GET',
    path: '/open',
    reply: z.object({ signedIn: z.boolean() }),
    access: 'public',
    summary: 'test',
  },
});

const superAdmin: Actor = { userId: 1, role: 'SUPER_ADMIN', orgId: 1, orgName: 'A', username: 'sa' };
const admin: Actor = { ...superAdmin, userId: 2, role: 'ADMIN' };

describe('route()', () => {
  let app: FastifyInstance;
  const publicRoutes: string[] = [];
  beforeAll(async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    app.decorateRequest('actor', null);
    // Stands in for the bearer-token hook: the test names the caller in a header.
    app.addHook('onRequest', async (req) => {
      const who = req.headers['x-test-actor'];
      req.actor = who === 'sa' ? superAdmin : who === 'admin' ? admin : null;
    });
    app.addHook('onRoute', (r) => {
      if (r.config?.public && r.method !== 'HEAD') publicRoutes.push(r.url);
    });
    route(app, create, ({ params, query, body, actor }) => ({
      id: params.id,
      name: body.name,
      note: query.note ?? null,
      by: actor.userId,
    }));
    route(app, mine, ({ actor }) => ({ userId: actor.userId }));
    route(app, open, ({ actor }) => ({ signedIn: actor !== null }));
    await app.ready();
  });
  afterAll(() => app.close());

  /** POST /things/… as `actor` (a header the test hook reads; none for an anonymous call). */
  const postThing = (url: string, actor: string | undefined, name: string) =>
    app.inject({ method: 'POST', url, headers: actor ? { 'x-test-actor': actor } : {}, payload: { name } });

  it("passes typed, validated inputs to the handler and answers with the endpoint's status", async () => {
    const res = await postThing('/things/7?note=hi', 'sa', 'Pens');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: 7, name: 'Pens', note: 'hi', by: 1 });
  });

  it('checks the permission: 401 without a caller, 403 for a role without it', async () => {
    const anonymous = await postThing('/things/7', undefined, 'x');
    expect(anonymous.statusCode).toBe(401);
    const denied = await postThing('/things/7', 'admin', 'x');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('FORBIDDEN');
  });

  it('refuses bad input with a 400 before the handler', async () => {
    const res = await postThing('/things/0', 'sa', '');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });

  it("'signedIn' needs any caller; 'public' needs none and is marked public", async () => {
    expect((await app.inject({ url: '/mine' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/mine', headers: { 'x-test-actor': 'admin' } })).json()).toEqual({
      userId: 2,
    });
    expect((await app.inject({ url: '/open' })).json()).toEqual({ signedIn: false });
    expect(publicRoutes).toEqual(['/open']);
  });
});
