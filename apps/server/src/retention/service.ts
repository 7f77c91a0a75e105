import {
  AUDIT_ACTIONS,
  type RetentionRun,
  type RetentionSettings,
  type RetentionStatus,
} from '@playshop/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orgRow, saveOrgRow } from '../db/org-row';
import { organizations, orgRetention } from '../db/schema';
import { type Actor, orgInScopeById } from '../http/actor';
import { createProjector } from '../insights/projector';
import { cutoffsAt, DAY_MS, dailyRunBefore } from './cutoffs';
import { retentionRuns } from './runs';

export { dailyRunBefore, monthsBefore } from './cutoffs';

type Row = typeof orgRetention.$inferSelect;
type Recorder = (orgId: number, orgName: string, run: RetentionRun) => Promise<void>;

const settingsOf = (row: Row | undefined): RetentionSettings => ({
  games: (row?.gamesMonths ?? null) as RetentionSettings['games'],
  answers: (row?.answersMonths ?? null) as RetentionSettings['answers'],
  audit: (row?.auditMonths ?? null) as RetentionSettings['audit'],
});

/**
 * The daily run: each organization with a retention set whose last daily run was before the
 * latest 03:00 UTC. The timer calls it often; each organization runs once a day: a run first
 * claims the day (a conditional update of its marker), so two instances never both run it.
 */
function dueRuns(
  db: Db,
  now: () => Date,
  apply: (orgId: number, s: RetentionSettings) => Promise<RetentionRun>,
) {
  return async (record: Recorder): Promise<number> => {
    const boundary = dailyRunBefore(now()).toISOString();
    const due = await db
      .select({ orgId: orgRetention.orgId, name: organizations.name })
      .from(orgRetention)
      .innerJoin(organizations, eq(organizations.id, orgRetention.orgId))
      .where(
        sql`${orgRetention.dailyRunAt} < ${boundary}
          and (${orgRetention.gamesMonths} is not null or ${orgRetention.answersMonths} is not null
            or ${orgRetention.auditMonths} is not null)`,
      );
    let removed = 0;
    for (const { orgId, name } of due) {
      const [claimed] = await db
        .update(orgRetention)
        .set({ dailyRunAt: now() })
        .where(sql`${orgRetention.orgId} = ${orgId} and ${orgRetention.dailyRunAt} < ${boundary}`)
        .returning();
      if (!claimed) continue;
      const run = await apply(orgId, settingsOf(claimed));
      await record(orgId, name, run);
      removed += run.games.count + run.answers.count + run.audit.count;
    }
    return removed;
  };
}

/**
 * Retention per organization (issue 45 item 3): its settings, what the next daily run would remove,
 * "Apply now" and the daily run. What a run removes, and how: runs.ts; the dates: cutoffs.ts.
 */
export function retentionService(
  db: Db,
  { auditCeilingDays, log }: { auditCeilingDays: number; log?: Parameters<typeof createProjector>[1] },
  now: () => Date = () => new Date(),
) {
  const projector = createProjector(db, log);

  const rowOf = (orgId: number) => orgRow(db, orgRetention, orgId);
  const runs = retentionRuns(db, projector, now);
  const apply = (orgId: number, settings: RetentionSettings) =>
    runs.apply(orgId, cutoffsAt(settings, now(), auditCeilingDays));

  async function status(orgId: number): Promise<RetentionStatus> {
    const row = await rowOf(orgId);
    const settings = settingsOf(row);
    const nextRunAt = new Date(dailyRunBefore(now()).getTime() + DAY_MS);
    const cut = cutoffsAt(settings, nextRunAt, auditCeilingDays);
    return {
      settings,
      auditCeilingDays,
      nextRunAt: nextRunAt.toISOString(),
      lastRunAt: row?.lastRunAt?.toISOString() ?? null,
      pending: runs.report(cut, await runs.counts(orgId, cut)),
    };
  }

  return {
    async status(actor: Actor, orgId: number): Promise<RetentionStatus> {
      await orgInScopeById(db, actor, orgId);
      return status(orgId);
    },

    /** Saves the settings; returns the organization's name and the settings before and after. */
    async save(actor: Actor, orgId: number, input: RetentionSettings) {
      const org = await orgInScopeById(db, actor, orgId);
      const before = settingsOf(await rowOf(orgId));
      await saveOrgRow(db, orgRetention, orgId, {
        gamesMonths: input.games,
        answersMonths: input.answers,
        auditMonths: input.audit,
      });
      return { org, before, after: settingsOf(await rowOf(orgId)), status: await status(orgId) };
    },

    /** "Apply now": the organization's retention as saved, at once. */
    async runNow(actor: Actor, orgId: number) {
      const org = await orgInScopeById(db, actor, orgId);
      return { org, run: await apply(orgId, settingsOf(await rowOf(orgId))) };
    },

    runDue: dueRuns(db, now, apply),

    /** Waits for the projector's catch-up (closing). */
    settled: () => projector.settled(),
  };
}

export type RetentionService = ReturnType<typeof retentionService>;

/** A run as audit changes: each kind's count removed (0 → n) and its cut-off. */
export const runChanges = (run: RetentionRun) => ({
  gamesRemoved: [0, run.games.count] as [number, number],
  gamesBefore: [null, run.games.before] as [null, string | null],
  answersRemoved: [0, run.answers.count] as [number, number],
  answersBefore: [null, run.answers.before] as [null, string | null],
  auditRemoved: [0, run.audit.count] as [number, number],
  auditBefore: [null, run.audit.before] as [null, string | null],
});

export const DAILY_RUN_ACTION = AUDIT_ACTIONS.retentionRun;
