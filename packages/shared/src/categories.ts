import { z } from 'zod';
import { zLine } from './input';
import { VALIDATION } from './messages';

export const CATEGORY_TEXTS = {
  added: 'Category added successfully',
  deleted: 'Category deleted successfully',
  duplicate: 'A category with this name already exists',
  inUse: 'This category is used by content: move or delete that content first',
  notFound: 'Category not found',
} as const;

/** POST /createcategory {name}. SPEC §5 shows no rule: we require a trimmed, non-empty name. */
export const ZCreateCategory = z.object({ name: zLine().trim().min(1, VALIDATION.required).max(100) });
export type CreateCategoryInput = z.input<typeof ZCreateCategory>;

export const ZCategory = z.object({ id: z.number().int(), name: z.string() });
export type Category = z.infer<typeof ZCategory>;
