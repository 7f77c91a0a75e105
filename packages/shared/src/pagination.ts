import { z } from 'zod';
import { PAGE_SIZE } from './constants';
import { zLine } from './input';
import { VALIDATION } from './messages';

/**
 * Paging of every list (SPEC §9: 10 a page, `Page x of y` with y = ceil(count / 10)). Pages start
 * at 1; `nextPage`/`previousPage` are null at the ends. A page beyond the end answers no items (not an
 * error), with the real count, so the UI can step back.
 */
export const ZPageMeta = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  count: z.number().int(),
  totalPages: z.number().int(),
  nextPage: z.number().int().nullable(),
  previousPage: z.number().int().nullable(),
});
export type PageMeta = z.infer<typeof ZPageMeta>;

export const MAX_PAGE_SIZE = 100;

/** `{page}/{size}` path parameters, or `?page=&size=` on the search paths (defaults 1 and 10). */
export const zPaging = (maxSize = MAX_PAGE_SIZE) =>
  z.object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    size: z.coerce.number().int().min(1).max(maxSize).default(PAGE_SIZE),
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
export const zPaged = <T extends z.ZodType>(item: T) => ZPageMeta.extend({ items: z.array(item) });

export const ZCount = z.object({ count: z.number().int() });

/** Search terms: trimmed, 1 to 100 characters. `%`, `_` and `\` are matched literally. */
export const ZSearchTerm = zLine().trim().min(1, VALIDATION.searchTermRequired).max(100);
