import { POINTS } from '@playshop/shared';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { publicFetch } from '../auth/sso/provider';
import type { Database, Db } from '../db/client';
import { gameEvents, ltiLinks, ltiPlatforms, ltiScannedGames, ltiScores } from '../db/schema';
import type { GameEvent } from '../game/engine';
import { parseStoredEvent } from '../game/journal';
import { runExclusively } from '../http/housekeeping';
import type { ToolKeys } from './keys';
import { AGS_SCORE_SCOPE } from './launch';

/** Attempts before a score is given up (kept, with its last error); the waits between them double. */
export const MAX_ATTEMPTS = 10;
const FIRST_WAIT_MS = 30_000;
const LONGEST_WAIT_MS = 6 * 60 * 60_000;
/** A claimed score is someone's for this long; a sender that died leaves it due again after. */
const LEASE_MS = 2 * 60_000;
/** Games ended longer ago than this are not looked at any more. */
const SCAN_DAYS = 30;
const BATCH = 20;

/** The game's points per player (1 per right answer revealed, 5 per bingo, SPEC's points table) and who took part. */
export function gameOutcome(events: readonly GameEvent[]) {
  const points = new Map<number, number>();
  const joined = new Set<number>();
  const removed = new Set<number>();
  const add = (userId: number, n: number) => points.set(userId, (points.get(userId) ?? 0) + n);
  let question: {
    contentId: number;
    correct: number;
    answers: Map<number, number>;
    revealed: boolean;
  } | null = null;
  for (const e of events) {
    if (e.type === 'player_joined') joined.add(e.userId);
    else if (e.type === 'player_removed') removed.add(e.userId);
    else if (e.type === 'bingo') add(e.userId, POINTS.bingoWin);
    else if (e.type === 'content_sent')
      question = e.question
        ? { contentId: e.contentId, correct: e.question.correct, answers: new Map(), revealed: false }
        : null;
    else if (e.type === 'question_answered' && question?.contentId === e.contentId)
      question.answers.set(e.userId, e.choice);
    else if (e.type === 'answer_revealed' && question?.contentId === e.contentId && !question.revealed) {
      question.revealed = true;
      for (const [userId, choice] of question.answers)
        if (choice === question.correct) add(userId, POINTS.correctAnswer);
    }
  }
  for (const userId of removed) joined.delete(userId);
  return { points, joined };
}

/** The wait before attempt `attempts + 1`. */
export const backoff = (attempts: number) => Math.min(FIRST_WAIT_MS * 2 ** attempts, LONGEST_WAIT_MS);

/** The AGS score endpoint of a line item: its path with /scores, its query kept (AGS 2.0 §3.4). */
export function scoresUrl(lineItem: string): string {
  const url = new URL(lineItem);
  url.pathname = `${url.pathname.replace(/\/$/, '')}/scores`;
  return url.href;
}

interface QueueDeps {
  db: Db;
  keys: ToolKeys;
  log: FastifyBaseLogger;
  now: () => Date;
  /** fetch, or publicFetch in production (https to public addresses only). */
  fetcher: typeof fetch;
  /** Access tokens by platform id, until they expire. */
  tokens: Map<number, { token: string; until: number }>;
}

/** Ended games in rooms with LTI learners, not yet scanned: their learners' scores queued. */
async function enqueue({ db }: QueueDeps): Promise<number> {
  const games = (await db.execute(sql`
    select distinct g.id as "gameId" from games g
    join ${ltiLinks} l on l.room_id = g.room_id and l.created_at < g.ended_at
    where g.ended_at is not null and g.ended_at > now() - make_interval(days => ${SCAN_DAYS})
      and not exists (select 1 from ${ltiScannedGames} s where s.game_id = g.id)
    limit ${BATCH}`)) as unknown as { rows: { gameId: number }[] };
  let queued = 0;
  for (const { gameId } of games.rows) {
    const rows = await db
      .select({ type: gameEvents.type, payload: gameEvents.payload })
      .from(gameEvents)
      .where(eq(gameEvents.gameId, gameId))
      .orderBy(asc(gameEvents.seq));
    const { points, joined } = gameOutcome(rows.map(parseStoredEvent));
    const links = (await db.execute(sql`
      select l.id, l.user_id as "userId", l.score_mode as "scoreMode", l.score_maximum as "scoreMaximum"
      from ${ltiLinks} l join games g on g.room_id = l.room_id
      where g.id = ${gameId} and l.created_at < g.ended_at and l.line_item_url is not null`)) as unknown as {
      rows: { id: number; userId: number; scoreMode: string; scoreMaximum: number }[];
    };
    const values = links.rows
      .filter((l) => joined.has(l.userId))
      .map((l) => ({
        linkId: l.id,
        gameId,
        scoreMaximum: l.scoreMaximum,
        scoreGiven:
          l.scoreMode === 'attendance' ? l.scoreMaximum : Math.min(points.get(l.userId) ?? 0, l.scoreMaximum),
      }));
    await db.transaction(async (tx) => {
      if (values.length > 0) await tx.insert(ltiScores).values(values).onConflictDoNothing();
      await tx.insert(ltiScannedGames).values({ gameId }).onConflictDoNothing();
    });
    queued += values.length;
  }
  return queued;
}

async function accessToken(
  { keys, fetcher, tokens, now }: QueueDeps,
  platform: typeof ltiPlatforms.$inferSelect,
): Promise<string> {
  const cached = tokens.get(platform.id);
  if (cached && cached.until > now().getTime()) return cached.token;
  const assertion = await keys.sign(
    { iss: platform.clientId, sub: platform.clientId, aud: platform.tokenUrl },
    '5 minutes',
  );
  const res = await fetcher(platform.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
      scope: AGS_SCORE_SCOPE,
    }).toString(),
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`token endpoint answered ${res.status}`);
  const body = (await res.json()) as { access_token?: unknown; expires_in?: unknown };
  if (typeof body.access_token !== 'string') throw new Error('token endpoint gave no access_token');
  const seconds = typeof body.expires_in === 'number' ? body.expires_in : 3600;
  tokens.set(platform.id, {
    token: body.access_token,
    until: now().getTime() + Math.max(0, seconds - 30) * 1000,
  });
  return body.access_token;
}

/** Claims due scores (a lease, so two instances never post the same one at once). */
async function claim({ db, now }: QueueDeps) {
  const due = db
    .select({ id: ltiScores.id })
    .from(ltiScores)
    .where(and(isNull(ltiScores.sentAt), isNull(ltiScores.failedAt), lte(ltiScores.nextAttemptAt, now())))
    .orderBy(asc(ltiScores.nextAttemptAt))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  return db
    .update(ltiScores)
    .set({ nextAttemptAt: new Date(now().getTime() + LEASE_MS) })
    .where(inArray(ltiScores.id, due))
    .returning();
}

async function post(deps: QueueDeps, score: typeof ltiScores.$inferSelect) {
  const { db, fetcher, tokens, now } = deps;
  const [row] = await db
    .select({ link: ltiLinks, platform: ltiPlatforms })
    .from(ltiLinks)
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiLinks.platformId))
    .where(eq(ltiLinks.id, score.linkId));
  if (!row?.link.lineItemUrl) throw new Error('the link has no line item');
  const send = async (token: string) =>
    fetcher(scoresUrl(row.link.lineItemUrl!), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/vnd.ims.lis.v1.score+json',
      },
      body: JSON.stringify({
        userId: row.link.sub,
        scoreGiven: score.scoreGiven,
        scoreMaximum: score.scoreMaximum,
        activityProgress: 'Completed',
        gradingProgress: 'FullyGraded',
        timestamp: now().toISOString(),
      }),
      signal: AbortSignal.timeout(10_000),
    });
  let res = await send(await accessToken(deps, row.platform));
  if (res.status === 401) {
    // A token the platform forgot (restarted, revoked): one new one, at once.
    tokens.delete(row.platform.id);
    res = await send(await accessToken(deps, row.platform));
  }
  if (!res.ok) throw new Error(`score endpoint answered ${res.status}`);
}

/** Posts the due scores; a failure waits its backoff, past MAX_ATTEMPTS it is given up. */
async function sendDue(deps: QueueDeps): Promise<number> {
  const { db, log, now } = deps;
  let sent = 0;
  for (const score of await claim(deps)) {
    try {
      await post(deps, score);
      await db.update(ltiScores).set({ sentAt: now(), lastError: null }).where(eq(ltiScores.id, score.id));
      sent += 1;
    } catch (err) {
      const attempts = score.attempts + 1;
      const error = String((err as Error).message ?? err).slice(0, 500);
      log.warn({ err, scoreId: score.id, attempts }, 'LTI score not posted');
      await db
        .update(ltiScores)
        .set({
          attempts,
          lastError: error,
          nextAttemptAt: new Date(now().getTime() + backoff(attempts - 1)),
          ...(attempts >= MAX_ATTEMPTS ? { failedAt: now() } : {}),
        })
        .where(eq(ltiScores.id, score.id));
    }
  }
  return sent;
}

/**
 * Assignment and Grade Services: after a game ends, each learner launched into its room through
 * LTI gets a score on their link's line item. Both steps run on a timer, off the game's path: the
 * scores go into lti_scores (a durable queue, each game scanned once), then each due score is posted
 * with a client-credentials token (a JWT assertion signed with the tool's key), retried with backoff.
 */
export function scoreQueue(options: {
  db: Db;
  keys: ToolKeys;
  log: FastifyBaseLogger;
  allowPrivate: boolean;
  now?: () => Date;
}) {
  const deps: QueueDeps = {
    ...options,
    now: options.now ?? (() => new Date()),
    fetcher: (options.allowPrivate ? fetch : publicFetch) as typeof fetch,
    tokens: new Map(),
  };
  return { enqueue: () => enqueue(deps), sendDue: () => sendDue(deps) };
}

export type ScoreQueue = ReturnType<typeof scoreQueue>;

/** How often the queue is filled and the due scores posted. */
const SCORE_EVERY_MS = 15_000;

/**
 * The scores' timer: from the server's start until it closes, every SCORE_EVERY_MS the ended games
 * are scanned (one instance at a time: runExclusively) and the due scores posted (claimed with a
 * lease, so instances share them). Never on the game's path: a slow platform delays only this.
 */
export function scheduleScores(
  app: FastifyInstance,
  queue: ScoreQueue,
  database: Database,
  everyMs = SCORE_EVERY_MS,
) {
  if (everyMs <= 0) return;
  let running = false;
  const once = async () => {
    if (running) return;
    running = true;
    try {
      await runExclusively(database, 'lti scores', queue.enqueue);
      await queue.sendDue();
    } catch (err) {
      app.log.warn({ err }, 'LTI scores: this round failed, tried again at the next');
    } finally {
      running = false;
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(once, everyMs).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
