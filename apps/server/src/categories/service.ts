import { english } from '@playshop/messages/english';
import { type Category, message } from '@playshop/shared';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { hasRow } from '../db/has-row';
import { categories, content } from '../db/schema';
import { isForeignKeyViolation, isUniqueViolation } from '../http/db-errors';
import { AppError, conflict, notFound } from '../http/errors';

const inUse = () => new AppError('CATEGORY_IN_USE', 409, message('categories.inUse'));

export function categoriesService(db: Db) {
  return {
    list(): Promise<Category[]> {
      return db
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .orderBy(asc(sql`lower(${categories.name})`), asc(categories.id));
    },

    /** Names are unique ignoring case. */
    async create(name: string): Promise<Category> {
      const [taken] = await db
        .select({ id: categories.id })
        .from(categories)
        .where(sql`lower(${categories.name}) = lower(${name})`)
        .limit(1);
      if (taken) throw conflict(message('categories.duplicate'));
      try {
        const [row] = await db
          .insert(categories)
          .values({ name })
          .returning({ id: categories.id, name: categories.name });
        return row!;
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(message('categories.duplicate'));
        throw error;
      }
    },

    /** Refused while content is filed under it: content must never lose its category. */
    async remove(id: number): Promise<{ message: string }> {
      if (!(await hasRow(db, categories.id, id))) throw notFound(message('categories.notFound'));
      const [used] = await db.select({ n: count() }).from(content).where(eq(content.categoryId, id));
      if ((used?.n ?? 0) > 0) throw inUse();
      try {
        await db.delete(categories).where(eq(categories.id, id));
      } catch (error) {
        if (isForeignKeyViolation(error)) throw inUse();
        throw error;
      }
      return { message: english('categories.deleted') };
    },
  };
}

export type CategoriesService = ReturnType<typeof categoriesService>;
