import { type PageMeta, pageMeta } from '@playshop/shared';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * Text for a LIKE pattern, taken literally: `%`, `_` and the escape character itself are escaped, so
 * searching for '50%' finds '50%' and not every name with '50'. PostgreSQL's default escape is `\`.
 */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Case-insensitive 'column contains term', with the term taken literally. */
export function ilikeLiteral(column: AnyColumn | SQL, term: string): SQL {
  return sql`${column} ilike ${`%${escapeLike(term)}%`} escape '\\'`;
}

/** Offset and limit of a 1-based page. */
export const pageWindow = (page: number, size: number) => ({ offset: (page - 1) * size, limit: size });

/** The reply of a paged list: meta plus items. */
export function paged<T>(items: T[], page: number, size: number, count: number): PageMeta & { items: T[] } {
  return { ...pageMeta(page, size, count), items };
}
