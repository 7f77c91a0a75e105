import { describe, expect, it } from 'vitest';
import { ZContentPaging } from './content';
import { pageMeta, ZPaging } from './pagination';

describe('paging', () => {
  it('counts pages as ceil(count / size) with null at the ends', () => {
    expect(pageMeta(1, 10, 0)).toMatchObject({ totalPages: 0, nextPage: null, previousPage: null });
    expect(pageMeta(1, 10, 10)).toMatchObject({ totalPages: 1, nextPage: null });
    expect(pageMeta(1, 10, 11)).toMatchObject({ totalPages: 2, nextPage: 2, previousPage: null });
    expect(pageMeta(2, 10, 11)).toMatchObject({ nextPage: null, previousPage: 1 });
    expect(pageMeta(9, 10, 11)).toMatchObject({ nextPage: null, previousPage: 2 });
    expect(ZPaging.parse({})).toEqual({ page: 1, size: 10 });
    expect(ZPaging.safeParse({ page: '0', size: '10' }).success).toBe(false);
    expect(ZContentPaging.safeParse({ page: '1', size: '51' }).success).toBe(false);
    expect(ZContentPaging.parse({ page: '2', size: '50' })).toEqual({ page: 2, size: 50 });
  });
});
