import { z } from 'zod';
import { ZContentReply } from './content';
import { zCount, zId, zIdParam, zLine } from './input';
import { VALIDATION } from './messages';
import { ZPageMeta } from './pagination';

export const WORKSHOP_TEXTS = {
  nameRequired: VALIDATION.required,
  sessionNameRequired: VALIDATION.required,
  selectContent: 'Please select content to save',
  contentAdded: 'Content added to the list',
  workshopNotFound: 'Workshop not found',
  sessionNotFound: 'Session not found',
  errorLoading: 'Error loading workshop.',
  duplicateName: 'A workshop with this name already exists',
  duplicateContent: 'A content item can appear only once in a session',
  created: 'Successfully created Workshop',
  deleted: 'Successfully deleted Workshop',
  renamed: 'Successfully updated Workshop name',
  sessionSaved: 'Session saved',
  sessionUpdated: 'Session updated successfully',
  sessionDeleted: 'Session deleted successfully',
} as const;

const ZName = (message: string) => zLine().trim().min(1, message).max(200);

export const ZWorkshopName = z.object({ name: ZName(WORKSHOP_TEXTS.nameRequired) });

/** POST /create-workshop {name, sections: []}: the spec's empty list, accepted and ignored. */
export const ZCreateWorkshop = ZWorkshopName.extend({
  sections: z.array(z.unknown()).max(0).optional(),
  sessions: z.array(z.unknown()).max(0).optional(),
});

/** PATCH /edit-workshop-name {id, name}. */
export const ZEditWorkshopName = ZWorkshopName.extend({ id: zIdParam() });

/** PATCH /edit-workshop: rename, and optionally reorder its sessions (every session id, in the new order). */
export const ZEditWorkshop = ZEditWorkshopName.extend({
  sessions: z
    .array(z.union([zId(), z.object({ id: zId() })]))
    .max(500)
    .optional(),
});

/** One entry of a session's ordered content; `contentBaseId` names the content item (SPEC §3). */
export const ZSessionContentInput = z.union([
  zId().transform((contentBaseId) => ({ contentBaseId, orderIndex: undefined })),
  z.object({
    contentBaseId: zIdParam(),
    orderIndex: zCount().optional(),
  }),
]);

const ZSessionContentList = z.array(ZSessionContentInput).max(500);

/**
 * POST /create-session-with-content. The spec has two readings: `{section: {name}, content,
 * workshopId}` and `{name, orderIndex, content}`; both are accepted. A new session goes last.
 */
export const ZCreateSessionWithContent = z.preprocess(
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
    name: ZName(WORKSHOP_TEXTS.sessionNameRequired),
    content: ZSessionContentList.min(1, WORKSHOP_TEXTS.selectContent),
  }),
);
export type CreateSessionWithContentInput = z.infer<typeof ZCreateSessionWithContent>;

/** The session name form of the wizard and of Edit Session (SPEC §5). */
export const ZSessionName = z.object({ name: ZName(WORKSHOP_TEXTS.sessionNameRequired) });

/** PATCH /edit-session/{id}: name and the whole ordered content list (by orderIndex, then list order). */
export const ZEditSession = z.object({
  name: ZName(WORKSHOP_TEXTS.sessionNameRequired).optional(),
  sessionContent: ZSessionContentList.optional(),
});
export type EditSessionInput = z.infer<typeof ZEditSession>;

export const ZSessionContentReply = z.object({
  id: z.number().int(),
  orderIndex: z.number().int(),
  sessionId: z.number().int(),
  contentBaseId: z.number().int(),
  content: ZContentReply,
});
export type SessionContentReply = z.infer<typeof ZSessionContentReply>;

export const ZSessionReply = z.object({
  id: z.number().int(),
  name: z.string(),
  orderIndex: z.number().int(),
  workshopId: z.number().int(),
  sessionContent: z.array(ZSessionContentReply),
});
export type SessionReply = z.infer<typeof ZSessionReply>;

export const ZWorkshopReply = z.object({
  id: z.number().int(),
  name: z.string(),
  sessions: z.array(ZSessionReply),
});
export type WorkshopReply = z.infer<typeof ZWorkshopReply>;

export const ZWorkshopListItem = z.object({ id: z.number().int(), name: z.string() });
export type WorkshopListItem = z.infer<typeof ZWorkshopListItem>;

export const ZWorkshopPage = ZPageMeta.extend({ workshops: z.array(ZWorkshopListItem) });
export type WorkshopPage = z.infer<typeof ZWorkshopPage>;

export const ZCountReply = z.object({ count: z.number().int() });
