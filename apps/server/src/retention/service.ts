import {
  AUDIT_ACTIONS,
  RETENTION_RUN_HOUR_UTC,
  type RetentionRun,
  type RetentionSettings,
  type RetentionStatus,
} from '@playshop/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organizations, orgRetention } from '../db/schema';
import { type Actor, orgInScope } from '../http/actor';
import { createProjector } from '../insights/projector';

const DAY_MS = 24 * 60 * 60_000;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Midnight UTC of `at`'s day `months` calendar months back (31 August − 6 months: 28/29 February). */
export function monthsBefore(at: Date, months: number): Date {
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(at.getUTCDate(), lastDay)));
}

/** The latest daily run time at or before `now` (03:00 UTC today, or yesterday's before 03:00). */
export function dailyRunBefore(now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), RETENTION_RUN_HOUR_UTC);
  return new Date(today <= now.getTime() ? today : today - DAY_MS);
}

interface Cutoffs {
  games: Date | null;
  /** Answers go with their game too: the later of the two cut-offs. */
  answers: Date | null;
  audit: Date | null;
}

/**
 * The cut-offs of a run at `at`. The audit log's is the later of the organization's and the
 * operator's AUDIT_RETENTION_DAYS (the operator's ceiling applies to every entry anyway: its hourly
 * purge); an organization can only shorten it.
 */
function cutoffsAt(settings: RetentionSettings, at: Date, auditCeilingDays: number): Cutoffs {
  const of = (months: number | null) => (months === null ? null : monthsBefore(at, months));
  const games = of(settings.games);
  const answers = of(settings.answers);
  const audit = of(settings.audit);
  const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));
  const ceiling = new Date(at.getTime() - auditCeilingDays * DAY_MS);
  return { games, answers: later(answers, games), audit: later(audit, settings.audit ? ceiling : null) };
}

// The organization's games ended before the cut-off that still have a log. To remove: only those
// whose every event Insights has folded (one the projector has not read yet waits for the next run:
// its figures must be in Insights before its log goes); the preview counts them all.
const gamesOf = (orgId: number, endedBefore: Date, foldedOnly = true) => sql`
  select g.id from games g join rooms r on r.id = g.room_id
  where r.org_id = ${orgId} and g.ended_at is not null and g.ended_at < ${endedBefore.toISOString()}
    and exists (select 1 from game_events e where e.game_id = g.id)
    ${
      foldedOnly
        ? sql`and not exists (select 1 from game_events e where e.game_id = g.id
      and e.id > coalesce((select last_event_id from insights_cursor where id = 1), 0))`
        : sql``
    }`;

/**
 * Retention per organization (issue 45 item 3). A game past its retention loses its event log (every
 * roll, send, answer and bingo with the players' names); its row stays as a bare record (room and
 * times) so Insights' projections, which hang on it, keep the organization's figures. Answers past
 * theirs are the `question_answered` events of ended games. Audit entries go through the purge the
 * append-only trigger allows.
 */
export function retentionService(
  db: Db,
  { auditCeilingDays, log }: { auditCeilingDays: number; log?: Parameters<typeof createProjector>[1] },
  now: () => Date = () => new Date(),
) {
  const projector = createProjector(db, log);

  const rowOf = async (orgId: number) =>
    (await db.select().from(orgRetention).where(eq(orgRetention.orgId, orgId)).limit(1))[0];
  const settingsOf = (row: Awaited<ReturnType<typeof rowOf>>): RetentionSettings => ({
    games: (row?.gamesMonths ?? null) as RetentionSettings['games'],
    answers: (row?.answersMonths ?? null) as RetentionSettings['answers'],
    audit: (row?.auditMonths ?? null) as RetentionSettings['audit'],
  });
  const count = async (query: SQL) => rowsOf<{ n: number }>(await db.execute(query))[0]?.n ?? 0;

  /** What a run with these cut-offs would remove, without removing it. */
  async function counts(orgId: number, cut: Cutoffs) {
    const [games, answers, audit] = await Promise.all([
      cut.games ? count(sql`select count(*)::int as n from (${gamesOf(orgId, cut.games, false)}) g`) : 0,
      cut.answers
        ? count(sql`select count(*)::int as n from game_events e
            where e.type = 'question_answered' and e.game_id in (${gamesOf(orgId, cut.answers, false)})`)
        : 0,
      cut.audit
        ? count(sql`select count(*)::int as n from audit_log
            where org_id = ${orgId} and at < ${cut.audit.toISOString()}`)
        : 0,
    ]);
    return { games, answers, audit };
  }

  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const report = (cut: Cutoffs, n: { games: number; answers: number; audit: number }): RetentionRun => ({
    games: { before: iso(cut.games), count: n.games },
    answers: { before: iso(cut.answers), count: n.answers },
    audit: { before: iso(cut.audit), count: n.audit },
  });

  async function status(orgId: number): Promise<RetentionStatus> {
    const row = await rowOf(orgId);
    const settings = settingsOf(row);
    const nextRunAt = new Date(dailyRunBefore(now()).getTime() + DAY_MS);
    const cut = cutoffsAt(settings, nextRunAt, auditCeilingDays);
    return {
      settings,
      auditCeilingDays,
      nextRunAt: nextRunAt.toISOString(),
      lastRunAt: iso(row?.lastRunAt ?? null),
      pending: report(cut, await counts(orgId, cut)),
    };
  }

  /** Removes what is past the organization's retention now; the caller records the run. */
  async function apply(orgId: number, settings: RetentionSettings): Promise<RetentionRun> {
    const at = now();
    const cut = cutoffsAt(settings, at, auditCeilingDays);
    // Insights folds what it has not yet read first, so no figure is lost with the log.
    if (cut.games || cut.answers) await projector.catchUp(10_000);
    const removed = await db.transaction(async (tx) => {
      const answers = cut.answers
        ? rowsOf(
            await tx.execute(sql`delete from game_events where type = 'question_answered'
              and game_id in (${gamesOf(orgId, cut.answers)}) returning id`),
          ).length
        : 0;
      const games = cut.games
        ? new Set(
            rowsOf<{ game_id: number }>(
              await tx.execute(sql`delete from game_events
                where game_id in (${gamesOf(orgId, cut.games)}) returning game_id`),
            ).map((r) => r.game_id),
          ).size
        : 0;
      let audit = 0;
      if (cut.audit) {
        // The one DELETE the audit log's append-only trigger lets through (audit/service.ts purge).
        await tx.execute(sql`select set_config('playshop.audit_purge', 'on', true)`);
        audit = rowsOf(
          await tx.execute(sql`delete from audit_log
            where org_id = ${orgId} and at < ${cut.audit.toISOString()} returning id`),
        ).length;
      }
      await tx
        .insert(orgRetention)
        .values({ orgId, lastRunAt: at })
        .onConflictDoUpdate({ target: orgRetention.orgId, set: { lastRunAt: at } });
      return { games, answers, audit };
    });
    return report(cut, removed);
  }

  type Recorder = (orgId: number, orgName: string, run: RetentionRun) => Promise<void>;

  return {
    async status(actor: Actor, orgId: number): Promise<RetentionStatus> {
      await orgInScope(db, actor, eq(organizations.id, orgId));
      return status(orgId);
    },

    /** Saves the settings; returns the organization's name and the settings before and after. */
    async save(actor: Actor, orgId: number, input: RetentionSettings) {
      const org = await orgInScope(db, actor, eq(organizations.id, orgId));
      const before = settingsOf(await rowOf(orgId));
      const values = { gamesMonths: input.games, answersMonths: input.answers, auditMonths: input.audit };
      await db
        .insert(orgRetention)
        .values({ orgId, ...values })
        .onConflictDoUpdate({
          target: orgRetention.orgId,
          set: values,
        });
      return { org, before, after: settingsOf(await rowOf(orgId)), status: await status(orgId) };
    },

    /** "Apply now": the organization's retention as saved, at once. */
    async runNow(actor: Actor, orgId: number) {
      const org = await orgInScope(db, actor, eq(organizations.id, orgId));
      return { org, run: await apply(orgId, settingsOf(await rowOf(orgId))) };
    },

    /**
     * The daily run: each organization with a retention set whose last daily run was before the
     * latest 03:00 UTC. The timer calls it often; each organization runs once a day: a run first
     * claims the day (a conditional update of its marker), so two instances never both run it.
     */
    async runDue(record: Recorder): Promise<number> {
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
    },

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
