import { z } from 'zod/mini';
import { endpoints, GET, POST } from './endpoint';
import { zLine } from './input';
import { ZIdParam, ZMessageReply } from './schemas';
import { key } from './server-messages';

/** POST /createcategory {name}. SPEC §5 shows no rule: we require a trimmed, non-empty name. */
export const ZCreateCategory = z.object({
  name: zLine().check(z.trim(), z.minLength(1, key('validation.required')), z.maxLength(100)),
});
export type CreateCategoryInput = z.input<typeof ZCreateCategory>;

export const ZCategory = z.object({ id: z.number().check(z.int()), name: z.string() });
export type Category = z.infer<typeof ZCategory>;

export const CATEGORY_API = endpoints(['categories'], {
  list: GET(
    { path: '/getcategories', reply: z.array(ZCategory), access: 'readCategories' },
    'Every category, by name',
  ),
  create: POST(
    {
      path: '/createcategory',
      body: ZCreateCategory,
      reply: ZCategory,
      status: 201,
      access: 'manageCategories',
    },
    'Add a category (names unique ignoring case)',
  ),
  /** The spec deletes with POST. */
  remove: POST(
    { path: '/deletecategory/:id', params: ZIdParam, reply: ZMessageReply, access: 'manageCategories' },
    'Remove a category no content uses (409 CATEGORY_IN_USE otherwise)',
  ),
});
