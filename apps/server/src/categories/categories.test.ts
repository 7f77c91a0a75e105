import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, content } from '../db/schema';
import { createOrg, createTestContext, signInNewUser, type TestContext } from '../test/context';

let ctx: TestContext;
let root: { headers: Record<string, string> };

beforeAll(async () => {
  ctx = await createTestContext();
  const org = await createOrg(ctx.database);
  root = await signInNewUser(ctx, 'SUPER_ADMIN', org.id);
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: root.headers, ...(payload ? { payload } : {}) });

describe('categories', () => {
  it('adds a trimmed category, lists by name, refuses duplicates and empty names', async () => {
    const res = await call('POST', '/createcategory', { name: '  Warm-ups ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Warm-ups' });
    await call('POST', '/createcategory', { name: 'animals' });
    const list = (await call('GET', '/getcategories')).json().map((c: { name: string }) => c.name);
    expect(list).toEqual(['animals', 'Warm-ups']);
    const twin = await call('POST', '/createcategory', { name: 'WARM-UPS' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().message).toBe('A category with this name already exists');
    const empty = await call('POST', '/createcategory', { name: ' ' });
    expect(empty.json()).toMatchObject({ field: 'name', message: 'This field is required' });
  });

  it('removes an unused category; refuses one that content uses', async () => {
    const [used] = await ctx.database.db.insert(categories).values({ name: 'Used' }).returning();
    await ctx.database.db
      .insert(content)
      .values({ title: 'T', description: 'D', type: 'OTHER', categoryId: used!.id });
    const refused = await call('POST', `/deletecategory/${used!.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('CATEGORY_IN_USE');

    const [unused] = await ctx.database.db.insert(categories).values({ name: 'Unused' }).returning();
    expect((await call('POST', `/deletecategory/${unused!.id}`)).statusCode).toBe(200);
    expect((await call('POST', `/deletecategory/${unused!.id}`)).statusCode).toBe(404);
  });
});
