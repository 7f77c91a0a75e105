import { english } from '@playshop/messages/english';
import {
  message,
  type OrgXapi,
  type XapiTestReply,
  type ZOrgXapiUpdate,
  type ZXapiTest,
} from '@playshop/shared';
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { type SecretBox, secretBox } from '../auth/secret-box';
import type { Db } from '../db/client';
import { orgRow } from '../db/org-row';
import { orgXapi, users, xapiStatements } from '../db/schema';
import type { Actor } from '../http/actor';
import { badRequest } from '../http/errors';
import { orgSettings } from '../http/org-settings';
import { queueInsert } from '../insights/xapi-queue';
import { completedVideo, testStatement } from '../insights/xapi-statements';
import type { TrainingService } from '../training/service';
import { endpointRefusal, type LrsAnswer, type LrsFetch, postStatements } from './lrs-client';

interface XapiDeps {
  db: Db;
  serverSecret: string;
  /** The server's public address: the IRI base a connection keeps when it is saved. */
  publicUrl: string;
  /** SSO_ALLOW_PRIVATE_ISSUERS: stores on this server's networks, and plain http on this machine. */
  allowPrivate: boolean;
  send: LrsFetch;
  training: TrainingService;
  now?: () => Date;
}

type Row = typeof orgXapi.$inferSelect;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The sealed secrets of learning record stores (their own purpose: no other secret opens with it). */
export const lrsSecrets = (serverSecret: string) => secretBox(serverSecret, 'xapi-lrs-secret');

/** How many statements wait, and how many the store refused for good. */
async function queueOf(db: Db, orgId: number) {
  const waiting = and(
    eq(xapiStatements.orgId, orgId),
    isNull(xapiStatements.deliveredAt),
    isNull(xapiStatements.refusedAt),
  );
  const refused = and(eq(xapiStatements.orgId, orgId), isNotNull(xapiStatements.refusedAt));
  const [[w], [r]] = await Promise.all([
    db.select({ n: count() }).from(xapiStatements).where(waiting),
    db.select({ n: count() }).from(xapiStatements).where(refused),
  ]);
  return { waiting: w?.n ?? 0, refused: r?.n ?? 0 };
}

/** The connection as the admins see it (never the secret), with its queue's state. */
async function present(db: Db, orgId: number, row: Row | undefined): Promise<OrgXapi> {
  return {
    orgId,
    enabled: row?.enabled ?? false,
    endpoint: row?.endpoint ?? null,
    key: row?.authKey ?? null,
    hasSecret: Boolean(row?.secretEncrypted),
    identifyByEmail: row?.identifyByEmail ?? false,
    queue: {
      ...(await queueOf(db, orgId)),
      lastDeliveredAt: iso(row?.lastDeliveredAt),
      lastError: row?.lastError ?? null,
      lastErrorAt: iso(row?.lastErrorAt),
    },
  };
}

/** What the store's answer to a test statement means, in words. */
function testMessage(answer: LrsAnswer) {
  if (answer.status === null) return message('xapi.testUnreachable', { detail: answer.detail });
  if (answer.status < 300) return message('xapi.testAccepted', { status: answer.status });
  if (answer.status === 401 || answer.status === 403)
    return message('xapi.testUnauthorized', { status: answer.status });
  return message('xapi.testRefused', { status: answer.status, detail: answer.detail });
}

/**
 * A training video of the caller's playlist played to its end: a "completed" statement when
 * their organization sends statements (400 for a video not in their playlist).
 */
async function videoCompleted(
  db: Db,
  training: TrainingService,
  clock: () => Date,
  actor: Actor,
  url: string,
): Promise<{ queued: boolean }> {
  const video = (await training.playlistFor(actor.role)).find((item) => item.url === url);
  if (!video) throw badRequest(message('xapi.videoNotInPlaylist'), 'url');
  const connection = await orgRow(db, orgXapi, actor.orgId);
  if (!connection?.enabled) return { queued: false };
  const [user] = await db
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, actor.userId));
  const statement = completedVideo(
    connection.iriBase,
    connection.identifyByEmail,
    { userId: actor.userId, email: user?.email ?? null },
    { url: video.url, title: video.title },
    user?.language ?? 'en',
    clock(),
  );
  await db.execute(queueInsert([{ orgId: actor.orgId, statement }]));
  return { queued: true };
}

/** 400 when production may not send there (plain http, or an address of this server's networks). */
async function checkEndpoint(endpoint: string, allowPrivate: boolean) {
  const refusal = await endpointRefusal(endpoint, allowPrivate);
  if (refusal === 'not_https') throw badRequest(message('xapi.endpointNotHttps'), 'endpoint');
  if (refusal === 'not_public') throw badRequest(message('xapi.endpointNotPublic'), 'endpoint');
}

/** Sends one test statement to the store given (the form's values) and says what it answered. */
async function testStore(
  { send, secrets, iriBase, at }: { send: LrsFetch; secrets: SecretBox; iriBase: string; at: Date },
  current: Row | undefined,
  userId: number,
  input: z.output<typeof ZXapiTest>,
): Promise<XapiTestReply> {
  const stored = current?.endpoint === input.endpoint ? current.secretEncrypted : null;
  if (!input.secret && !stored && current?.secretEncrypted)
    throw badRequest(message('xapi.secretForNewEndpoint'), 'secret');
  const secret = input.secret || (stored ? secrets.open(stored) : '');
  if (!secret) throw badRequest(message('xapi.incomplete'), 'secret');
  const statement = testStatement(iriBase, userId, at);
  const answer = await postStatements(send, { endpoint: input.endpoint, key: input.key, secret }, [
    statement,
  ]);
  const said = testMessage(answer);
  return {
    ok: answer.status !== null && answer.status < 300,
    status: answer.status,
    message: english(said.key, said.params),
    key: said.key,
    ...(said.params ? { params: said.params as Record<string, string | number> } : {}),
    statementId: statement.id,
  };
}

/**
 * An organization's learning record store (issue 47 item 2): its settings, the test button, and a
 * training video's completion. Statements of games are queued by the Insights projector
 * (insights/xapi-queue.ts) and sent by the delivery (delivery.ts).
 */
export function xapiService({ db, serverSecret, publicUrl, allowPrivate, send, training, now }: XapiDeps) {
  const secrets = lrsSecrets(serverSecret);
  const clock = now ?? (() => new Date());

  /** Turning the connection on needs the endpoint, key and a secret (given or kept). */
  const { settings, saveSettings, rowInScope } = orgSettings(
    db,
    orgXapi,
    (orgId, row) => present(db, orgId, row),
    async (_orgId, input: z.output<typeof ZOrgXapiUpdate>, current) => {
      // The stored secret goes to the endpoint it was saved with, never to one typed since.
      const kept = current?.endpoint === input.endpoint ? (current?.secretEncrypted ?? null) : null;
      if (!input.secret && !kept && current?.secretEncrypted && input.endpoint)
        throw badRequest(message('xapi.secretForNewEndpoint'), 'secret');
      const secretEncrypted = input.secret ? secrets.seal(input.secret) : kept;
      if (input.enabled && (!input.endpoint || !input.key || !secretEncrypted))
        throw badRequest(
          message('xapi.incomplete'),
          input.endpoint ? (input.key ? 'secret' : 'key') : 'endpoint',
        );
      if (input.endpoint) await checkEndpoint(input.endpoint, allowPrivate);
      return {
        enabled: input.enabled,
        endpoint: input.endpoint,
        authKey: input.key,
        secretEncrypted,
        identifyByEmail: input.identifyByEmail,
        // Kept from the first save: the learners' accounts and the activities keep their IRIs.
        iriBase: current?.iriBase ?? publicUrl,
      };
    },
  );

  return {
    settings,
    saveSettings,

    /** Sends one statement to the store given (the form's values) and says what it answered. */
    async test(actor: Actor, orgId: number, input: z.output<typeof ZXapiTest>): Promise<XapiTestReply> {
      const current = await rowInScope(actor, orgId);
      await checkEndpoint(input.endpoint, allowPrivate);
      const iriBase = current?.iriBase ?? publicUrl;
      return testStore({ send, secrets, iriBase, at: clock() }, current, actor.userId, input);
    },

    videoCompleted: (actor: Actor, url: string) => videoCompleted(db, training, clock, actor, url),

    secrets,
  };
}

export type XapiService = ReturnType<typeof xapiService>;
