import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { DELETE, endpointPath, endpoints, GET } from './endpoint';

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
