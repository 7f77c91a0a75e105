import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod/mini';
import {
  DELETE,
  deleteById,
  endpointPath,
  endpoints,
  GET,
  getById,
  orgAdminSpec,
  readAndSave,
} from './endpoint';
import { ZIdParam, ZMessageReply } from './schemas';

describe('endpointPath', () => {
  it('fills each :name segment, URI-encoded', () => {
    expect(
      endpointPath(
        { path: '/materials/folders/:folder/:subfolder' },
        { folder: 'Demo #1', subfolder: 'a/b' },
      ),
    ).toBe('/materials/folders/Demo%20%231/a%2Fb');
    expect(endpointPath({ path: '/get-paginated-orgs/:page/:size' }, { page: 2, size: 10 })).toBe(
      '/get-paginated-orgs/2/10',
    );
    expect(endpointPath({ path: '/get-orgs' })).toBe('/get-orgs');
  });

  it('refuses to build a path with a segment left unfilled', () => {
    expect(() => endpointPath({ path: '/deletecategory/:id' }, {})).toThrow(':id');
  });
});

describe('GET, POST, … DELETE', () => {
  const reply = z.object({ message: z.string() });

  it('make one frozen endpoint of the method, the spec and the texts', () => {
    const remove = DELETE(
      { path: '/x/:id', reply, access: 'public' },
      'Remove an x',
      'Refused while in use.',
    );
    expect(remove).toEqual({
      method: 'DELETE',
      path: '/x/:id',
      reply,
      access: 'public',
      summary: 'Remove an x',
      description: 'Refused while in use.',
    });
    expect(Object.isFrozen(remove)).toBe(true);
  });

  it('leave the description out when there is none, and the group gives the tags', () => {
    const group = endpoints(['xs'], { list: GET({ path: '/xs', reply, access: 'signedIn' }, 'Every x') });
    expect('description' in group.list).toBe(false);
    expect(group.list.tags).toEqual(['xs']);
  });
});

describe('getById and deleteById', () => {
  const reply = z.object({ name: z.string() });

  it('read by the :id of the path with ZIdParam', () => {
    const byId = getById({ path: '/get-x-by-id/:id', reply, access: 'public' }, 'One x', 'By its id.');
    expect(byId).toEqual({
      method: 'GET',
      path: '/get-x-by-id/:id',
      params: ZIdParam,
      reply,
      access: 'public',
      summary: 'One x',
      description: 'By its id.',
    });
    expect(Object.isFrozen(byId)).toBe(true);
    expect(byId.params.parse({ id: '7' })).toEqual({ id: 7 });
    expectTypeOf(byId.path).toEqualTypeOf<'/get-x-by-id/:id'>();
    expectTypeOf(byId.params).toEqualTypeOf<typeof ZIdParam>();
    expectTypeOf(byId.access).toEqualTypeOf<'public'>();
  });

  it('take only a path that names :id (typecheck refuses another)', () => {
    // @ts-expect-error: the path has no :id for ZIdParam to fill
    const unnamed = getById({ path: '/get-x', reply, access: 'public' }, 'One x');
    expect(unnamed.path).toBe('/get-x');
  });

  it('delete by the :id of the path, replying ZMessageReply, and keep the group tags or their own', () => {
    const group = endpoints(['xs'], {
      remove: deleteById({ path: '/delete-x/:id', access: 'signedIn' }, 'Delete an x'),
      removeY: deleteById({ path: '/delete-y/:id', access: 'signedIn', tags: ['ys'] }, 'Delete a y'),
    });
    expect(group.remove).toEqual({
      tags: ['xs'],
      method: 'DELETE',
      path: '/delete-x/:id',
      params: ZIdParam,
      reply: ZMessageReply,
      access: 'signedIn',
      summary: 'Delete an x',
    });
    expect(group.removeY.tags).toEqual(['ys']);
  });
});

describe('orgAdminSpec', () => {
  it("is an endpoint below /organizations/:id for the organization's admins", () => {
    const reply = z.object({ enabled: z.boolean() });
    expect(orgAdminSpec('x/token', reply)).toEqual({
      path: '/organizations/:id/x/token',
      params: ZIdParam,
      reply,
      access: 'editOwnOrganization',
    });
  });
});

describe('readAndSave', () => {
  it('reads with GET and saves the body with PUT at one address under the names given, replying the same', () => {
    const reply = z.object({ enabled: z.boolean() });
    const body = z.object({ enabled: z.boolean(), secret: z.string() });
    const pair = readAndSave(['status', 'save'], orgAdminSpec('x', reply), body, {
      read: 'Read x',
      save: 'Save x',
      saveDescription: 'An empty secret keeps it.',
    });
    expect(Object.keys(pair)).toEqual(['status', 'save']);
    expectTypeOf(pair.status.path).toEqualTypeOf<'/organizations/:id/x'>();
    expectTypeOf(pair.save.method).toEqualTypeOf<'PUT'>();
    expectTypeOf(pair.save.body).toEqualTypeOf<typeof body>();
    expectTypeOf(pair.save.access).toEqualTypeOf<'editOwnOrganization'>();
    const spec = { path: '/organizations/:id/x', params: ZIdParam, reply, access: 'editOwnOrganization' };
    expect(pair.status).toEqual({ method: 'GET', ...spec, summary: 'Read x' });
    expect(pair.save).toEqual({
      method: 'PUT',
      ...spec,
      body,
      summary: 'Save x',
      description: 'An empty secret keeps it.',
    });
    expect(Object.isFrozen(pair.status) && Object.isFrozen(pair.save)).toBe(true);
  });

  it('leaves the description out of a save that has none; the group gives both its tags', () => {
    const reply = z.object({ on: z.boolean() });
    const group = endpoints(['xs'], {
      ...readAndSave(['settings', 'saveSettings'], { path: '/x', reply, access: 'public' }, reply, {
        read: 'Read x',
        save: 'Save x',
      }),
    });
    expect('description' in group.saveSettings).toBe(false);
    expect(group.settings.tags).toEqual(['xs']);
    expect(group.saveSettings.tags).toEqual(['xs']);
  });
});
