import { z } from 'zod/mini';
import { PAGE_SIZE } from './constants';
import { zLine } from './input';
import { key } from './server-messages';

/**
 * Paging of every list (SPEC §9: 10 a page, `Page x of y` with y = ceil(count / 10)). Pages start
 * at 1; `nextPage`/`previousPage` are null at the ends. A page beyond the end answers no items (not an
 * error), with the real count, so the UI can step back.
 */
export const ZPageMeta = z.object({
  page: z.number().check(z.int()),
  pageSize: z.number().check(z.int()),
  count: z.number().check(z.int()),
  totalPages: z.number().check(z.int()),
  nextPage: z.nullable(z.number().check(z.int())),
  previousPage: z.nullable(z.number().check(z.int())),
});
export type PageMeta = z.infer<typeof ZPageMeta>;

export const MAX_PAGE_SIZE = 100;

/** `{page}/{size}` path parameters, or `?page=&size=` on the search paths (defaults 1 and 10). */
export const zPaging = (maxSize = MAX_PAGE_SIZE) =>
  z.object({
    page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)), 1),
    size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(maxSize)), PAGE_SIZE),
  });
export const ZPaging = zPaging();
export type Paging = z.infer<typeof ZPaging>;

export function pageMeta(page: number, size: number, count: number): PageMeta {
  const totalPages = Math.ceil(count / size);
  return {
    page,
    pageSize: size,
    count,
    totalPages,
    nextPage: page < totalPages ? page + 1 : null,
    previousPage: page > 1 ? Math.min(page - 1, Math.max(totalPages, 1)) : null,
  };
}

/** A paged reply: the meta plus `items`. */
export const zPaged = <T extends z.core.SomeType>(item: T) => z.extend(ZPageMeta, { items: z.array(item) });

export const ZCount = z.object({ count: z.number().check(z.int()) });

/** Search terms: trimmed, 1 to 100 characters. `%`, `_` and `\` are matched literally. */
export const ZSearchTerm = zLine().check(
  z.trim(),
  z.minLength(1, key('validation.searchTermRequired')),
  z.maxLength(100),
);
