import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { SecretBox } from '../auth/secret-box';
import type { Db } from '../db/client';
import { orgXapi, xapiStatements } from '../db/schema';
import { type LrsAnswer, type LrsConnection, type LrsFetch, postStatements } from './lrs-client';

/** Statements per POST: well under what LRSs accept in one request. */
export const BATCH_SIZE = 50;
/** How long a claim on an organization's delivery holds (renewed with each batch). */
const LEASE_MS = 60_000;
/** The first retry's wait; each failure doubles it, up to MAX_BACKOFF_MS. */
export const FIRST_BACKOFF_MS = 30_000;
export const MAX_BACKOFF_MS = 60 * 60_000;
/** Sent and refused statements are kept this long: one made again within it is not queued twice. */
export const KEEP_SENT_MS = 7 * 24 * 60 * 60_000;

/** The wait after the `attempts`-th failed try: 30 s, 1 min, 2 min, … at most an hour. */
export const backoffMs = (attempts: number) =>
  Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));

interface DeliveryDeps {
  db: Db;
  secrets: SecretBox;
  send: LrsFetch;
  now?: () => Date;
  log?: { warn: (obj: object, msg: string) => void };
}

type Row = { id: number; statement: unknown };

const answerText = (a: LrsAnswer) => (a.status === null ? a.detail : `${a.status} ${a.detail}`.trim());

/**
 * Sends each organization's queued statements to its LRS, oldest first, in batches. One instance at
 * a time per organization: a run first claims the organization with a conditional update of its
 * lease (as retention claims its daily run), so two instances never send the same statements at
 * once; a crashed instance's claim runs out after LEASE_MS.
 */
export function xapiDelivery({ db, secrets, send, now = () => new Date(), log = console }: DeliveryDeps) {
  const instance = randomUUID();

  async function claim(orgId: number) {
    const at = now();
    const [row] = await db
      .update(orgXapi)
      .set({ leaseUntil: new Date(at.getTime() + LEASE_MS), leaseOwner: instance })
      .where(
        and(
          eq(orgXapi.orgId, orgId),
          eq(orgXapi.enabled, true),
          or(isNull(orgXapi.leaseUntil), lt(orgXapi.leaseUntil, at), eq(orgXapi.leaseOwner, instance)),
        ),
      )
      .returning();
    if (!row?.endpoint || !row.authKey || !row.secretEncrypted) return null;
    return { endpoint: row.endpoint, key: row.authKey, secret: secrets.open(row.secretEncrypted) };
  }

  const release = (orgId: number) =>
    db
      .update(orgXapi)
      .set({ leaseUntil: null, leaseOwner: null })
      .where(and(eq(orgXapi.orgId, orgId), eq(orgXapi.leaseOwner, instance)));

  const due = (orgId: number, limit: number) =>
    db
      .select({ id: xapiStatements.id, statement: xapiStatements.statement })
      .from(xapiStatements)
      .where(
        and(
          eq(xapiStatements.orgId, orgId),
          isNull(xapiStatements.deliveredAt),
          isNull(xapiStatements.refusedAt),
          lte(xapiStatements.nextAt, now()),
        ),
      )
      .orderBy(asc(xapiStatements.id))
      .limit(limit);

  async function delivered(orgId: number, ids: number[]) {
    const at = now();
    await db.update(xapiStatements).set({ deliveredAt: at }).where(inArray(xapiStatements.id, ids));
    await db
      .update(orgXapi)
      .set({ lastDeliveredAt: at, lastError: null, lastErrorAt: null })
      .where(eq(orgXapi.orgId, orgId));
  }

  /** Each statement waits longer before its next try; the organization shows the store's answer. */
  async function failed(orgId: number, ids: number[], answer: LrsAnswer) {
    const at = now();
    const error = answerText(answer);
    await db
      .update(xapiStatements)
      .set({
        attempts: sql`${xapiStatements.attempts} + 1`,
        nextAt: sql`${at.toISOString()}::timestamptz + (least(${MAX_BACKOFF_MS}, ${FIRST_BACKOFF_MS} * power(2, ${xapiStatements.attempts})) * interval '1 millisecond')`,
        lastError: error,
      })
      .where(inArray(xapiStatements.id, ids));
    await db.update(orgXapi).set({ lastError: error, lastErrorAt: at }).where(eq(orgXapi.orgId, orgId));
    log.warn({ orgId, statements: ids.length, answer: error }, 'xapi: the learning record store refused');
  }

  /**
   * A batch the store refused as a whole for one statement (400: a statement it will not take; 409:
   * an id it holds already, from a try whose answer was lost), sent one by one: a 409 alone was
   * delivered before, a 400 alone is refused for good. False when the store failed otherwise.
   */
  async function oneByOne(orgId: number, lrs: LrsConnection, rows: Row[]): Promise<boolean> {
    for (const row of rows) {
      const answer = await postStatements(send, lrs, [row.statement]);
      if (answer.status !== null && (answer.status < 300 || answer.status === 409))
        await delivered(orgId, [row.id]);
      else if (answer.status === 400)
        await db
          .update(xapiStatements)
          .set({ refusedAt: now(), lastError: answerText(answer) })
          .where(eq(xapiStatements.id, row.id));
      else {
        await failed(orgId, [row.id], answer);
        return false;
      }
    }
    return true;
  }

  /** Sends what is due for one organization until none is, or the store fails. */
  async function deliverOrg(orgId: number): Promise<number> {
    try {
      return await sendDue(orgId);
    } finally {
      await release(orgId);
    }
  }

  async function sendDue(orgId: number): Promise<number> {
    let sent = 0;
    for (;;) {
      const lrs = await claim(orgId);
      if (!lrs) return sent;
      const rows = await due(orgId, BATCH_SIZE);
      if (rows.length === 0) break;
      const answer = await postStatements(
        send,
        lrs,
        rows.map((r) => r.statement),
      );
      if (answer.status !== null && answer.status < 300)
        await delivered(
          orgId,
          rows.map((r) => r.id),
        );
      else if ((answer.status === 400 || answer.status === 409) && rows.length > 1) {
        if (!(await oneByOne(orgId, lrs, rows))) break;
      } else if (answer.status === 409)
        await delivered(
          orgId,
          rows.map((r) => r.id),
        );
      else {
        if (answer.status === 400) {
          await db
            .update(xapiStatements)
            .set({ refusedAt: now(), lastError: answerText(answer) })
            .where(eq(xapiStatements.id, rows[0]!.id));
          continue;
        }
        await failed(
          orgId,
          rows.map((r) => r.id),
          answer,
        );
        break;
      }
      sent += rows.length;
    }
    return sent;
  }

  let running: Promise<number> | null = null;

  /** Every organization with statements due: delivered one organization after another. */
  async function deliverDue(): Promise<number> {
    const orgs = await db
      .selectDistinct({ orgId: xapiStatements.orgId })
      .from(xapiStatements)
      .innerJoin(orgXapi, eq(orgXapi.orgId, xapiStatements.orgId))
      .where(
        and(
          eq(orgXapi.enabled, true),
          isNull(xapiStatements.deliveredAt),
          isNull(xapiStatements.refusedAt),
          lte(xapiStatements.nextAt, now()),
        ),
      );
    let sent = 0;
    for (const { orgId } of orgs) sent += await deliverOrg(orgId);
    return sent;
  }

  return {
    deliverOrg,
    /** One run over every organization; overlapping calls share it. */
    deliverDue(): Promise<number> {
      running ??= deliverDue().finally(() => {
        running = null;
      });
      return running;
    },
    /** Sent and refused statements past KEEP_SENT_MS (housekeeping). */
    async purge(): Promise<number> {
      const before = new Date(now().getTime() - KEEP_SENT_MS);
      const gone = await db
        .delete(xapiStatements)
        .where(or(lt(xapiStatements.deliveredAt, before), lt(xapiStatements.refusedAt, before)))
        .returning({ id: xapiStatements.id });
      return gone.length;
    },
    settled: async () => {
      await running?.catch(() => undefined);
    },
  };
}

export type XapiDelivery = ReturnType<typeof xapiDelivery>;
