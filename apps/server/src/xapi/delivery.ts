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
/** The first retry's wait; each failure doubles it, up to MAX_BACKOFF_MS (computed in the UPDATE below). */
export const FIRST_BACKOFF_MS = 30_000;
export const MAX_BACKOFF_MS = 60 * 60_000;
/** Sent and refused statements are kept this long: one made again within it is not queued twice. */
export const KEEP_SENT_MS = 7 * 24 * 60 * 60_000;

interface DeliveryDeps {
  db: Db;
  secrets: SecretBox;
  send: LrsFetch;
  now?: () => Date;
  log?: { warn: (obj: object, msg: string) => void };
}

type Row = { id: number; statement: unknown };

const answerText = (a: LrsAnswer) => (a.status === null ? a.detail : `${a.status} ${a.detail}`.trim());

/** The queue's rows and the organization's lease, as one delivering instance reads and marks them. */
function deliveryQueue({ db, secrets, now, log }: Required<Omit<DeliveryDeps, 'send'>>, instance: string) {
  const isDue = (orgId?: number) =>
    and(
      orgId === undefined ? undefined : eq(xapiStatements.orgId, orgId),
      isNull(xapiStatements.deliveredAt),
      isNull(xapiStatements.refusedAt),
      lte(xapiStatements.nextAt, now()),
    );
  return {
    isDue,
    /** The organization's store, if this instance holds (or now takes) its lease; else null. */
    async claim(orgId: number): Promise<LrsConnection | null> {
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
    },
    release: (orgId: number) =>
      db
        .update(orgXapi)
        .set({ leaseUntil: null, leaseOwner: null })
        .where(and(eq(orgXapi.orgId, orgId), eq(orgXapi.leaseOwner, instance))),
    due: (orgId: number): Promise<Row[]> =>
      db
        .select({ id: xapiStatements.id, statement: xapiStatements.statement })
        .from(xapiStatements)
        .where(isDue(orgId))
        .orderBy(asc(xapiStatements.id))
        .limit(BATCH_SIZE),
    async delivered(orgId: number, rows: Row[]) {
      const at = now();
      const ids = rows.map((r) => r.id);
      await db.update(xapiStatements).set({ deliveredAt: at }).where(inArray(xapiStatements.id, ids));
      await db
        .update(orgXapi)
        .set({ lastDeliveredAt: at, lastError: null, lastErrorAt: null })
        .where(eq(orgXapi.orgId, orgId));
    },
    /** Refused for good: the store will not take it on its own (400). */
    refused: (row: Row, answer: LrsAnswer) =>
      db
        .update(xapiStatements)
        .set({ refusedAt: now(), lastError: answerText(answer) })
        .where(eq(xapiStatements.id, row.id)),
    /** Each statement waits longer before its next try; the organization shows the store's answer. */
    async failed(orgId: number, rows: Row[], answer: LrsAnswer) {
      const at = now();
      const error = answerText(answer);
      await db
        .update(xapiStatements)
        .set({
          attempts: sql`${xapiStatements.attempts} + 1`,
          nextAt: sql`${at.toISOString()}::timestamptz + (least(${MAX_BACKOFF_MS}, ${FIRST_BACKOFF_MS} * power(2, ${xapiStatements.attempts})) * interval '1 millisecond')`,
          lastError: error,
        })
        .where(
          inArray(
            xapiStatements.id,
            rows.map((r) => r.id),
          ),
        );
      await db.update(orgXapi).set({ lastError: error, lastErrorAt: at }).where(eq(orgXapi.orgId, orgId));
      log.warn({ orgId, statements: rows.length, answer: error }, 'xapi: the learning record store refused');
    },
  };
}

type Queue = ReturnType<typeof deliveryQueue>;
const accepted = (a: LrsAnswer) => a.status !== null && a.status < 300;

/**
 * A batch the store refused as a whole for one statement (400: a statement it will not take; 409:
 * an id it holds already, from a try whose answer was lost), sent one by one: a 409 alone was
 * delivered before, a 400 alone is refused for good. False when the store failed otherwise.
 */
async function oneByOne(q: Queue, send: LrsFetch, orgId: number, lrs: LrsConnection, rows: Row[]) {
  for (const row of rows) {
    const answer = await postStatements(send, lrs, [row.statement]);
    if (accepted(answer) || answer.status === 409) await q.delivered(orgId, [row]);
    else if (answer.status === 400) await q.refused(row, answer);
    else {
      await q.failed(orgId, [row], answer);
      return false;
    }
  }
  return true;
}

/** Sends what is due for one organization, batch after batch, until none is or the store fails. */
async function sendDue(q: Queue, send: LrsFetch, orgId: number): Promise<number> {
  let sent = 0;
  for (;;) {
    const lrs = await q.claim(orgId);
    if (!lrs) return sent;
    const rows = await q.due(orgId);
    if (rows.length === 0) return sent;
    const answer = await postStatements(
      send,
      lrs,
      rows.map((r) => r.statement),
    );
    if (accepted(answer)) await q.delivered(orgId, rows);
    else if (answer.status === 400 || answer.status === 409) {
      if (!(await oneByOne(q, send, orgId, lrs, rows))) return sent;
    } else {
      await q.failed(orgId, rows, answer);
      return sent;
    }
    sent += rows.length;
  }
}

/**
 * Sends each organization's queued statements to its LRS, oldest first, in batches. One instance at
 * a time per organization: a run first claims the organization with a conditional update of its
 * lease (as retention claims its daily run), so two instances never send the same statements at
 * once; a crashed instance's claim runs out after LEASE_MS.
 */
export function xapiDelivery({ db, secrets, send, now = () => new Date(), log = console }: DeliveryDeps) {
  const q = deliveryQueue({ db, secrets, now, log }, randomUUID());

  /** Sends what is due for one organization (if no other instance is), then lets it go. */
  async function deliverOrg(orgId: number): Promise<number> {
    try {
      return await sendDue(q, send, orgId);
    } finally {
      await q.release(orgId);
    }
  }

  /** Every organization with statements due, one after another. */
  async function deliverDue(): Promise<number> {
    const orgs = await db
      .selectDistinct({ orgId: xapiStatements.orgId })
      .from(xapiStatements)
      .innerJoin(orgXapi, eq(orgXapi.orgId, xapiStatements.orgId))
      .where(and(eq(orgXapi.enabled, true), q.isDue()));
    let sent = 0;
    for (const { orgId } of orgs) sent += await deliverOrg(orgId);
    return sent;
  }

  let running: Promise<number> | null = null;
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
