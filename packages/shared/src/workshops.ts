import { z } from 'zod/mini';
import { PAGE_SIZE } from './constants';
import { ZContentReply } from './content';
import { deleteById, endpoints, GET, getById, PATCH, POST } from './endpoint';
import { zCount, zId, zIdParam, zLine, zPreprocess } from './input';
import { ZCount, ZPageMeta } from './pagination';
import { ZIdParam, ZWorkshopSummary } from './schemas';
import { key, type MessageKey } from './server-messages';

const ZName = (message: MessageKey) => zLine().check(z.trim(), z.minLength(1, message), z.maxLength(200));

export const ZWorkshopName = z.object({ name: ZName('validation.required') });

/** POST /create-workshop {name, sections: []}: the spec's empty list, accepted and ignored. */
export const ZCreateWorkshop = z.extend(ZWorkshopName, {
  sections: z.optional(z.array(z.unknown()).check(z.maxLength(0))),
  sessions: z.optional(z.array(z.unknown()).check(z.maxLength(0))),
});

/** PATCH /edit-workshop-name {id, name}. */
export const ZEditWorkshopName = z.extend(ZWorkshopName, { id: zIdParam() });

/** PATCH /edit-workshop: rename, and optionally reorder its sessions (every session id, in the new order). */
export const ZEditWorkshop = z.extend(ZEditWorkshopName, {
  sessions: z.optional(z.array(z.union([zId(), z.object({ id: zId() })])).check(z.maxLength(500))),
});

/** One entry of a session's ordered content; `contentBaseId` names the content item (SPEC §3). */
export const ZSessionContentInput = z.union([
  z.pipe(
    zId(),
    z.transform((contentBaseId) => ({ contentBaseId, orderIndex: undefined })),
  ),
  z.object({
    contentBaseId: zIdParam(),
    orderIndex: z.optional(zCount()),
  }),
]);

const ZSessionContentList = z.array(ZSessionContentInput).check(z.maxLength(500));

/**
 * POST /create-session-with-content. The spec has two readings: `{section: {name}, content,
 * workshopId}` and `{name, orderIndex, content}`; both are accepted. A new session goes last.
 */
export const ZCreateSessionWithContent = zPreprocess(
  (raw) => {
    if (!raw || typeof raw !== 'object') return raw;
    const v = raw as Record<string, unknown>;
    const section = (v.section ?? v.session) as Record<string, unknown> | undefined;
    return {
      workshopId: v.workshopId ?? section?.workshopId,
      name: v.name ?? section?.name,
      content: v.content ?? v.sessionContent ?? section?.sessionContent ?? [],
    };
  },
  z.object({
    workshopId: zIdParam(),
    name: ZName('validation.required'),
    content: ZSessionContentList.check(z.minLength(1, key('workshops.selectContent'))),
  }),
);
export type CreateSessionWithContentInput = z.infer<typeof ZCreateSessionWithContent>;

/** The session name form of the wizard and of Edit Session (SPEC §5). */
export const ZSessionName = z.object({ name: ZName('validation.required') });

/** PATCH /edit-session/{id}: name and the whole ordered content list (by orderIndex, then list order). */
export const ZEditSession = z.object({
  name: z.optional(ZName('validation.required')),
  sessionContent: z.optional(ZSessionContentList),
});
export type EditSessionInput = z.infer<typeof ZEditSession>;

export const ZSessionContentReply = z.object({
  id: z.number().check(z.int()),
  orderIndex: z.number().check(z.int()),
  sessionId: z.number().check(z.int()),
  contentBaseId: z.number().check(z.int()),
  content: ZContentReply,
});
export type SessionContentReply = z.infer<typeof ZSessionContentReply>;

export const ZSessionReply = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  orderIndex: z.number().check(z.int()),
  workshopId: z.number().check(z.int()),
  sessionContent: z.array(ZSessionContentReply),
});
export type SessionReply = z.infer<typeof ZSessionReply>;

export const ZWorkshopReply = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  sessions: z.array(ZSessionReply),
});
export type WorkshopReply = z.infer<typeof ZWorkshopReply>;

export const ZWorkshopListItem = ZWorkshopSummary;
export type WorkshopListItem = z.infer<typeof ZWorkshopListItem>;

export const ZWorkshopPage = z.extend(ZPageMeta, { workshops: z.array(ZWorkshopListItem) });
export type WorkshopPage = z.infer<typeof ZWorkshopPage>;

export const ZCountReply = ZCount;

const sessionTags = ['sessions'];

/** Reads: staff; a non-super-admin sees only workshops linked to their organization. */
export const WORKSHOP_API = endpoints(['workshops'], {
  list: GET(
    { path: '/get-workshops', reply: z.array(ZWorkshopListItem), access: 'readWorkshops' },
    'Workshops the caller may read, by name',
  ),
  page: GET(
    {
      path: '/get-paginated-workshops/:page/:size',
      params: z.object({
        page: z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)),
        size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), PAGE_SIZE),
      }),
      query: z.object({ search: z.optional(zLine().check(z.trim(), z.maxLength(200))) }),
      reply: ZWorkshopPage,
      access: 'readWorkshops',
    },
    'A page of workshops (10 by default); `search` in the query filters by name',
  ),
  byId: getById(
    { path: '/get-workshop-by-id/:id', reply: ZWorkshopReply, access: 'readWorkshops' },
    'A workshop with its sessions and their ordered content',
  ),
  count: GET(
    { path: '/count-workshops', reply: ZCountReply, access: 'readWorkshops' },
    'How many workshops the caller may read',
  ),
  search: GET(
    {
      path: '/get-workshops-by-search/:term',
      params: z.object({ term: zLine().check(z.trim(), z.minLength(1), z.maxLength(200)) }),
      reply: z.array(ZWorkshopListItem),
      access: 'readWorkshops',
    },
    'Workshops whose name contains the term',
  ),
  create: POST(
    {
      path: '/create-workshop',
      body: ZCreateWorkshop,
      reply: ZWorkshopListItem,
      status: 201,
      access: 'manageWorkshops',
    },
    'Create an empty workshop (super admin); replies with its id',
  ),
  rename: PATCH(
    {
      path: '/edit-workshop-name',
      body: ZEditWorkshopName,
      reply: ZWorkshopListItem,
      access: 'manageWorkshops',
    },
    'Rename a workshop (super admin)',
  ),
  edit: PATCH(
    { path: '/edit-workshop', body: ZEditWorkshop, reply: ZWorkshopListItem, access: 'manageWorkshops' },
    'Rename a workshop and optionally reorder its sessions (every session id, in order)',
  ),
  remove: deleteById(
    { path: '/delete-workshop/:id', access: 'manageWorkshops' },
    'Delete a workshop with its sessions (super admin); refused while a room uses it',
  ),
  createSession: POST(
    {
      path: '/create-session-with-content',
      body: ZCreateSessionWithContent,
      reply: ZSessionReply,
      status: 201,
      access: 'manageWorkshops',
      tags: sessionTags,
    },
    'Add a session with its ordered content to a workshop, after its last session (super admin)',
  ),
  sessionsOf: getById(
    {
      path: '/get-session-by-workshopid/:id',
      reply: z.array(ZSessionReply),
      access: 'readWorkshops',
      tags: sessionTags,
    },
    "A workshop's sessions in order, with their content",
  ),
  session: getById(
    { path: '/get-session-by-id/:id', reply: ZSessionReply, access: 'readWorkshops', tags: sessionTags },
    'One session with its content',
  ),
  editSession: PATCH(
    {
      path: '/edit-session/:id',
      params: ZIdParam,
      body: ZEditSession,
      reply: ZSessionReply,
      access: 'manageWorkshops',
      tags: sessionTags,
    },
    'Rename a session and/or replace its ordered content (super admin)',
  ),
  removeSession: deleteById(
    { path: '/delete-session/:id', access: 'manageWorkshops', tags: sessionTags },
    'Delete a session; the later sessions move up (super admin)',
  ),
  sessionContent: getById(
    {
      path: '/getsectioncontentbysectionid/:id',
      reply: z.array(ZSessionContentReply),
      access: 'readWorkshops',
      tags: sessionTags,
    },
    "A session's ordered content entries",
  ),
  manySessionContent: GET(
    {
      path: '/getmanysectioncontentbysectionids/:ids',
      params: z.object({
        ids: z.pipe(
          z.string().check(z.regex(/^\d{1,9}(,\d{1,9}){0,99}$/, key('workshops.idsFormat'))),
          z.transform((v) => [...new Set(v.split(',').map(Number))]),
        ),
      }),
      reply: z.array(ZSessionContentReply),
      access: 'readWorkshops',
      tags: sessionTags,
    },
    'The content entries of several sessions (ids separated by commas)',
  ),
});
