import { z } from 'zod/mini';
import { CONTENT_PAGE_SIZE } from './constants';
import { deleteById, GET, getById, PATCH, POST } from './endpoint';
import { zId, zIdParam, zLine, zMultiline, zPreprocess } from './input';
import { ZPageMeta, zPaging } from './pagination';
import { ZIdParam } from './schemas';
import { key } from './server-messages';

/** SPEC §3: the four kinds of content item. */
export const CONTENT_TYPES = ['QUESTION', 'IMAGE', 'VIDEO', 'OTHER'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
export const ZContentType = z.enum(CONTENT_TYPES);

/** The Add Content type dropdown of SPEC §2, in its order. */
export const CONTENT_TYPE_LABELS: Record<ContentType, string> = {
  QUESTION: 'Question',
  IMAGE: 'Image',
  VIDEO: 'Video',
  OTHER: 'Other',
};

/** SPEC §9: the script preview on a library card. */
export const SCRIPT_PREVIEW_LENGTH = 100;

/** An uploaded image's address, or any http(s) address (a video on YouTube, an image elsewhere). */
const ZMediaUrl = zLine().check(
  z.trim(),
  z.minLength(1, key('content.urlRequired')),
  z.maxLength(2000),
  z.refine((v) => /^https?:\/\/\S+$/i.test(v) || /^\/[^\s/]\S*$/.test(v), key('content.invalidUrl')),
);

const ZOptionalUrl = zPreprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z.nullish(ZMediaUrl),
);

const ZScript = zPreprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z.nullish(zMultiline().check(z.trim(), z.maxLength(20_000))),
);

/** categoryId arrives as a number or a select's string (SPEC §5: converted to a number before sending). */
const ZCategoryId = zPreprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
  zId('content.categoryRequired'),
);

/** Title, description, script and category: every kind of content has them. */
export const ZBaseContentInput = z.object({
  title: zLine().check(z.trim(), z.minLength(1, key('content.titleRequired')), z.maxLength(200)),
  description: zMultiline().check(
    z.trim(),
    z.minLength(1, key('content.descriptionRequired')),
    z.maxLength(5000),
  ),
  script: ZScript,
  categoryId: ZCategoryId,
});
export type BaseContentInput = z.infer<typeof ZBaseContentInput>;

export const ZAnswerInput = z
  .object({
    id: z.optional(zId()),
    // One line on a phone's answer button, typed in a one-line input: no control characters.
    name: z._default(zLine().check(z.trim(), z.maxLength(500)), ''),
    url: ZOptionalUrl,
    isCorrect: z._default(z.boolean(), false),
  })
  .check(
    z.refine((a) => a.name.length > 0 || !!a.url, { message: key('content.answerRequired'), path: ['name'] }),
  );
export type AnswerInput = z.infer<typeof ZAnswerInput>;

/** SPEC §4: one or more answers, exactly one of them correct. */
export const ZAnswers = z.array(ZAnswerInput).check(
  z.minLength(1, key('content.atLeastOneAnswer')),
  z.maxLength(12),
  z.refine((answers) => answers.filter((a) => a.isCorrect).length === 1, key('content.exactlyOneCorrect')),
);

/** One line over the game screens, typed in a one-line input: no control characters. */
const ZQuestionText = zLine().check(
  z.trim(),
  z.minLength(1, key('content.questionRequired')),
  z.maxLength(2000),
);

/**
 * POST /create-content and PATCH /edit-content: the base fields plus what the type needs. `image`
 * (IMAGE) and `url` (VIDEO) follow the spec's create payload; the edit payload's nested
 * `image.url`, `video.url` and `question` are accepted too.
 */
export const ZContentInput = z.discriminatedUnion('type', [
  z.extend(ZBaseContentInput, { type: z.literal('OTHER') }),
  z.extend(ZBaseContentInput, { type: z.literal('IMAGE'), image: ZMediaUrl }),
  z.extend(ZBaseContentInput, { type: z.literal('VIDEO'), url: ZMediaUrl }),
  z.extend(ZBaseContentInput, {
    type: z.literal('QUESTION'),
    question: ZQuestionText,
    answers: ZAnswers,
  }),
]);
export type ContentInput = z.infer<typeof ZContentInput>;

/** Accepts the spec's nested edit payload (`image: {url}`, `video: {url}`, `question: {question, answers}`). */
export const ZContentPayload = zPreprocess((raw) => {
  if (!raw || typeof raw !== 'object') return raw;
  const v = { ...(raw as Record<string, unknown>) };
  if (v.image && typeof v.image === 'object') v.image = (v.image as { url?: unknown }).url;
  if (v.video && typeof v.video === 'object' && v.url === undefined)
    v.url = (v.video as { url?: unknown }).url;
  if (v.question && typeof v.question === 'object') {
    const q = v.question as { question?: unknown; answers?: unknown };
    v.answers ??= q.answers;
    v.question = q.question;
  }
  return v;
}, ZContentInput);

export const ZCategoryReply = z.object({ id: z.number().check(z.int()), name: z.string() });

export const ZAnswerReply = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  url: z.nullable(z.string()),
  isCorrect: z.boolean(),
});
export type AnswerReply = z.infer<typeof ZAnswerReply>;

export const ZQuestionReply = z.object({
  id: z.number().check(z.int()),
  question: z.string(),
  contentId: z.number().check(z.int()),
  answers: z.array(ZAnswerReply),
});
export type QuestionReply = z.infer<typeof ZQuestionReply>;

export const ZMediaReply = z.object({
  id: z.number().check(z.int()),
  url: z.string(),
  contentId: z.number().check(z.int()),
});
export type MediaReply = z.infer<typeof ZMediaReply>;

/** SPEC §3 Content. */
export const ZContentReply = z.object({
  id: z.number().check(z.int()),
  title: z.string(),
  description: z.string(),
  script: z.nullable(z.string()),
  type: ZContentType,
  categoryId: z.number().check(z.int()),
  category: ZCategoryReply,
  question: z.nullable(ZQuestionReply),
  image: z.nullable(ZMediaReply),
  video: z.nullable(ZMediaReply),
});
export type ContentReply = z.infer<typeof ZContentReply>;

/**
 * Paged replies of DESIGN §5: pages start at 1; nextPage/previousPage are null at the ends; `count`
 * is the total number of items (the same field names as the people lists' page meta).
 */
export const ZContentPage = z.extend(ZPageMeta, { content: z.array(ZContentReply) });
export type ContentPage = z.infer<typeof ZContentPage>;

/** Path parameters {page}/{size}: content pages hold at most 50 items. */
export const ZContentPaging = zPaging(CONTENT_PAGE_SIZE);

/** Filters that combine on every content list (query string; the path's own filter wins). */
export const ZContentFilters = z.object({
  categoryId: z.optional(zIdParam()),
  type: zPreprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.optional(ZContentType)),
  search: z.optional(zLine().check(z.trim(), z.maxLength(200))),
});
export type ContentFilters = z.infer<typeof ZContentFilters>;

/** POST /create-question {question, content, answers}. */
export const ZCreateQuestion = z.object({
  question: ZQuestionText,
  content: ZBaseContentInput,
  answers: ZAnswers,
});

/** PATCH /edit-question/{id} {question, baseContent, answers}. */
export const ZEditQuestion = z.object({
  question: ZQuestionText,
  baseContent: z.optional(ZBaseContentInput),
  answers: z.optional(ZAnswers),
});

/** POST /create-image-content and /create-video-content: the base fields and the address. */
export const ZCreateMediaContent = z.extend(ZBaseContentInput, { url: ZMediaUrl });
/** PATCH /edit-image-content/{id} and /edit-video-content/{id}. */
export const ZEditMediaContent = z.object({ url: ZMediaUrl, baseContent: z.optional(ZBaseContentInput) });

/** An image or video row with its content item (the media paths' replies). */
export const ZMediaContentReply = z.extend(ZMediaReply, { content: ZContentReply });
export type MediaContentReply = z.infer<typeof ZMediaContentReply>;

export const ZQuestionWithContentReply = z.extend(ZQuestionReply, { content: ZContentReply });

/** Reply of the tus upload when it finishes: where the image is served from. */
export const ZUploadReply = z.object({ url: z.string() });
export const UPLOAD_FOLDERS = ['content-images', 'answer-images'] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];

/** `{page}/{pageSize}` as the per-kind paths spell it. */
const ZPageSizeParams = z.object({
  page: ZContentPaging.shape.page,
  pageSize: ZContentPaging.shape.size,
});

/** The IMAGE and VIDEO paths: the same pattern for both kinds. */
function mediaApi<const K extends 'image' | 'video'>(kind: K) {
  const type = kind === 'image' ? 'IMAGE' : 'VIDEO';
  const base = `${kind}-content`;
  const tags = [`${kind}s`];
  return {
    create: POST(
      {
        path: `/create-${base}`,
        body: ZCreateMediaContent,
        reply: ZMediaContentReply,
        status: 201,
        access: 'manageContent',
        tags,
      },
      `Create an ${type} content item (super admin)`,
    ),
    list: GET(
      { path: `/get-${base}`, reply: z.array(ZMediaContentReply), access: 'readContent', tags },
      `Every ${type} item`,
    ),
    byId: getById(
      {
        path: `/get-${base}-by-id/:id`,
        reply: ZMediaContentReply,
        access: 'readContent',
        tags,
      },
      `One ${kind} by its id`,
    ),
    byCategory: getById(
      {
        path: `/get-${base}-by-category/:id`,
        reply: z.array(ZMediaContentReply),
        access: 'readContent',
        tags,
      },
      `Every ${type} item of one category`,
    ),
    byContent: getById(
      {
        path: `/get-${base}-by-content/:id`,
        reply: ZMediaContentReply,
        access: 'readContent',
        tags,
      },
      `The ${kind} of a content item`,
    ),
    page: GET(
      {
        path: `/get-paginated-${base}/:page/:pageSize`,
        params: ZPageSizeParams,
        reply: ZContentPage,
        access: 'readContent',
        tags,
      },
      `A page of ${type} items`,
    ),
    edit: PATCH(
      {
        path: `/edit-${base}/:id`,
        params: ZIdParam,
        body: ZEditMediaContent,
        reply: ZMediaContentReply,
        access: 'manageContent',
        tags,
      },
      `Change a ${kind}'s address and optionally its base content (super admin)`,
    ),
    remove: deleteById(
      { path: `/delete-${base}/:id`, access: 'manageContent', tags },
      `Delete a ${kind} and its content item (super admin; refused while in use)`,
    ),
  };
}

/** Reads: staff; a non-super-admin sees only content of workshops linked to their organization. */
const contentTags = ['content'];
const questionTags = ['questions'];

/** Content items of every type, then the per-type paths of questions, images and videos (SPEC §9). */
export const CONTENT_API = {
  list: GET(
    {
      path: '/get-content',
      query: ZContentFilters,
      reply: z.array(ZContentReply),
      access: 'readContent',
      tags: contentTags,
    },
    'Every content item the caller may read (filters in the query combine)',
  ),
  byId: getById(
    {
      path: '/get-content-by-id/:id',
      reply: ZContentReply,
      access: 'readContent',
      tags: contentTags,
    },
    'One content item',
  ),
  page: GET(
    {
      path: '/get-paginated-content/:page/:size',
      params: ZContentPaging,
      query: ZContentFilters,
      reply: ZContentPage,
      access: 'readContent',
      tags: contentTags,
    },
    'A page of content (size at most 50); categoryId, type and search in the query combine',
  ),
  byCategory: GET(
    {
      path: '/get-content-by-category/:category/:page/:size',
      params: z.extend(ZContentPaging, { category: zIdParam() }),
      query: ZContentFilters,
      reply: ZContentPage,
      access: 'readContent',
      tags: contentTags,
    },
    'A page of content of one category (by id)',
  ),
  bySearch: GET(
    {
      path: '/get-content-by-search/:term/:page/:size',
      params: z.extend(ZContentPaging, { term: zLine().check(z.trim(), z.minLength(1), z.maxLength(200)) }),
      query: ZContentFilters,
      reply: ZContentPage,
      access: 'readContent',
      tags: contentTags,
    },
    'A page of content whose title or question text contains the term',
  ),
  byType: GET(
    {
      path: '/get-content-by-type/:type/:page/:size',
      params: z.extend(ZContentPaging, {
        type: zPreprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), ZContentType),
      }),
      query: ZContentFilters,
      reply: ZContentPage,
      access: 'readContent',
      tags: contentTags,
    },
    'A page of content of one type (VIDEO, IMAGE, QUESTION, OTHER)',
  ),
  create: POST(
    {
      path: '/create-content',
      body: ZContentPayload,
      reply: ZContentReply,
      status: 201,
      access: 'manageContent',
      tags: contentTags,
    },
    'Create a content item of any type (super admin)',
  ),
  edit: PATCH(
    {
      path: '/edit-content/:id',
      params: ZIdParam,
      body: ZContentPayload,
      reply: ZContentReply,
      access: 'manageContent',
      tags: contentTags,
    },
    'Replace a content item (super admin)',
  ),
  remove: deleteById(
    {
      path: '/delete-content/:id',
      access: 'manageContent',
      tags: contentTags,
    },
    'Delete a content item; refused (409 CONTENT_IN_USE) while a session uses it',
  ),

  /** The QUESTION paths: a question with its content item and answers. */
  question: {
    create: POST(
      {
        path: '/create-question',
        body: ZCreateQuestion,
        reply: ZQuestionWithContentReply,
        status: 201,
        access: 'manageContent',
        tags: questionTags,
      },
      'Create a QUESTION content item with its answers (super admin)',
    ),
    list: GET(
      {
        path: '/get-questions',
        reply: z.array(ZQuestionWithContentReply),
        access: 'readContent',
        tags: questionTags,
      },
      'Every question',
    ),
    byId: getById(
      {
        path: '/get-question-by-id/:id',
        reply: ZQuestionWithContentReply,
        access: 'readContent',
        tags: questionTags,
      },
      'One question by question id',
    ),
    byCategory: GET(
      {
        path: '/get-questions-by-category/:categoryId/:page/:pageSize',
        params: z.extend(ZPageSizeParams, { categoryId: zIdParam() }),
        reply: ZContentPage,
        access: 'readContent',
        tags: questionTags,
      },
      'A page of questions of one category (the spec leaves the three segments unnamed)',
    ),
    byContent: getById(
      {
        path: '/get-question-by-content-id/:id',
        reply: ZQuestionWithContentReply,
        access: 'readContent',
        tags: questionTags,
      },
      'The question of a content item',
    ),
    page: GET(
      {
        path: '/get-paginated-questions/:page/:pageSize',
        params: ZPageSizeParams,
        reply: ZContentPage,
        access: 'readContent',
        tags: questionTags,
      },
      'A page of questions',
    ),
    edit: PATCH(
      {
        path: '/edit-question/:id',
        params: ZIdParam,
        body: ZEditQuestion,
        reply: ZQuestionWithContentReply,
        access: 'manageContent',
        tags: questionTags,
      },
      'Edit a question: its text, optionally its base content and its answers (super admin)',
    ),
    remove: deleteById(
      {
        path: '/delete-question/:id',
        access: 'manageContent',
        tags: questionTags,
      },
      'Delete a question and its content item (super admin; refused while in use)',
    ),
  },
  image: mediaApi('image'),
  video: mediaApi('video'),
};
