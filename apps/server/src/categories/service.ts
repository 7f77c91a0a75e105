import { english } from '@playshop/messages/english';
import { type Category, message } from '@playshop/shared';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { hasRow } from '../db/has-row';
import { categories, content } from '../db/schema';
import { isForeignKeyViolation } from '../http/db-errors';
import { AppError, notFound } from '../http/errors';
import { uniqueName } from '../http/unique-name';

const inUse = () => new AppError('CATEGORY_IN_USE', 409, message('categories.inUse'));

const categoryName = uniqueName(categories.name, categories.id, message('categories.duplicate'));

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
      await categoryName.assertFree(db, name);
      const [row] = await categoryName.write(() =>
        db.insert(categories).values({ name }).returning({ id: categories.id, name: categories.name }),
      );
      return row!;
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
