import { describe, expect, it } from 'vitest';
import { endpointPath } from './endpoint';

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
