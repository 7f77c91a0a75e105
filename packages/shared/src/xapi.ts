import { z } from 'zod/mini';
import { endpoints, orgAdminSpec, POST, readAndSave } from './endpoint';
import { zLine, zWebAddress } from './input';
import { key } from './server-messages';

/**
 * xAPI 1.0.3 statements to an organization's learning record store (issue 47 item 2): attended,
 * answered, won and completed a training video, queued in the database and sent in batches
 * (docs/decisions.md "xAPI statements").
 */
/**
 * The statements' verbs, all from ADL's vocabulary: a bingo win is "completed" the game's bingo with
 * result.success (docs/decisions.md "xAPI statements").
 */
export const XAPI_VERBS = {
  attended: 'http://adlnet.gov/expapi/verbs/attended',
  answered: 'http://adlnet.gov/expapi/verbs/answered',
  completed: 'http://adlnet.gov/expapi/verbs/completed',
} as const;

const ZEndpoint = zWebAddress(key('xapi.endpointInvalid'), {
  also: (url) => !url.username && !url.password,
});

const ZKey = zLine().check(
  z.trim(),
  z.maxLength(500),
  z.refine((v) => !v.includes(':'), key('xapi.keyInvalid')),
);

/** GET /organizations/{id}/xapi: the connection (the secret never leaves the server) and its queue. */
export const ZOrgXapi = z.object({
  orgId: z.number().check(z.int()),
  enabled: z.boolean(),
  endpoint: z.nullable(z.string()),
  key: z.nullable(z.string()),
  hasSecret: z.boolean(),
  /** Learners by e-mail address (mbox) where they have one; else by their Playshop account only. */
  identifyByEmail: z.boolean(),
  queue: z.object({
    /** Statements waiting to be sent. */
    waiting: z.number().check(z.int()),
    /** Statements the store refused for good (400 on their own): kept a week for the log. */
    refused: z.number().check(z.int()),
    lastDeliveredAt: z.nullable(z.string()),
    lastError: z.nullable(z.string()),
    lastErrorAt: z.nullable(z.string()),
  }),
});
export type OrgXapi = z.infer<typeof ZOrgXapi>;

const emptyToNull = <T extends z.core.$ZodType>(schema: T) =>
  z.union([
    z.nullable(schema),
    z.pipe(
      z.literal(''),
      z.transform(() => null),
    ),
  ]);

/** PUT /organizations/{id}/xapi. An empty or missing secret keeps the stored one (same endpoint only). */
export const ZOrgXapiUpdate = z.strictObject({
  enabled: z.boolean(),
  endpoint: emptyToNull(ZEndpoint),
  key: emptyToNull(ZKey),
  secret: z.optional(z.string().check(z.maxLength(500))),
  identifyByEmail: z.boolean(),
});
export type OrgXapiUpdate = z.input<typeof ZOrgXapiUpdate>;

/**
 * POST /organizations/{id}/xapi/test: the form's values (unsaved); an empty secret uses the stored one,
 * for the stored endpoint only.
 */
export const ZXapiTest = z.strictObject({
  endpoint: ZEndpoint,
  key: ZKey,
  secret: z.optional(z.string().check(z.maxLength(500))),
});
export type XapiTest = z.input<typeof ZXapiTest>;

export const ZXapiTestReply = z.object({
  /** Whether the store accepted the statement (2xx). */
  ok: z.boolean(),
  /** The store's HTTP status, or null when it could not be reached. */
  status: z.nullable(z.number().check(z.int())),
  /** What happened, in words (key('xapi.test')*). */
  message: z.string(),
  /** The message's key and values, for the reader's language. */
  key: z.string(),
  params: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
  statementId: z.string(),
});
export type XapiTestReply = z.infer<typeof ZXapiTestReply>;

/** POST /training/video-completed: a training video of the caller's playlist played to its end. */
export const ZVideoCompleted = z.strictObject({
  url: zLine().check(z.trim(), z.minLength(1), z.maxLength(2000)),
});
export const ZVideoCompletedReply = z.object({
  /** Whether a statement was queued (the organization sends xAPI statements). */
  queued: z.boolean(),
});

export const XAPI_API = endpoints(['xapi'], {
  ...readAndSave(['settings', 'saveSettings'], orgAdminSpec('xapi', ZOrgXapi), ZOrgXapiUpdate, {
    read: "An organization's learning record store (xAPI) and its queue of statements",
    save: "Change an organization's learning record store (xAPI)",
    saveDescription:
      'The endpoint must be https and public in production; the secret is stored sealed and never returned (empty keeps it).',
  }),
  test: POST(
    { ...orgAdminSpec('xapi/test', ZXapiTestReply), body: ZXapiTest },
    'Send a test statement to a learning record store and report its answer',
    'Uses the values given (not saved); an empty secret uses the stored one. The reply says what the store answered.',
  ),
  videoCompleted: POST(
    {
      path: '/training/video-completed',
      body: ZVideoCompleted,
      reply: ZVideoCompletedReply,
      access: 'signedIn',
      tags: ['training'],
    },
    "A training video of the caller's playlist was played to its end",
    "Queues an xAPI 'completed' statement when the caller's organization sends statements.",
  ),
});
