import type { RetentionRun } from '@playshop/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { saveOrgRow } from '../db/org-row';
import { orgRetention } from '../db/schema';
import type { Projector } from '../insights/projector';
import type { Cutoffs } from './cutoffs';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

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
 * What a run removes, and removing it. A game past its retention loses its event log (every roll,
 * send, answer and bingo with the players' names); its row stays as a bare record (room and times)
 * so Insights' projections, which hang on it, keep the organization's figures. Answers past theirs
 * are the `question_answered` events of ended games. Audit entries go through the purge the
 * append-only trigger allows.
 */
export function retentionRuns(db: Db, projector: Projector, now: () => Date) {
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

  /** Removes what is past the organization's retention now; the caller records the run. */
  async function apply(orgId: number, cut: Cutoffs): Promise<RetentionRun> {
    const at = now();
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
      await saveOrgRow(tx, orgRetention, orgId, { lastRunAt: at });
      return { games, answers, audit };
    });
    return report(cut, removed);
  }

  return { counts, report, apply };
}
