import { RETENTION_RUN_HOUR_UTC, type RetentionSettings } from '@playshop/shared';

export const DAY_MS = 24 * 60 * 60_000;

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

/** What ended (games, answers) or was written (audit entries) before these goes; null: kept. */
export interface Cutoffs {
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
export function cutoffsAt(settings: RetentionSettings, at: Date, auditCeilingDays: number): Cutoffs {
  const of = (months: number | null) => (months === null ? null : monthsBefore(at, months));
  const games = of(settings.games);
  const answers = of(settings.answers);
  const audit = of(settings.audit);
  const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));
  const ceiling = new Date(at.getTime() - auditCeilingDays * DAY_MS);
  return { games, answers: later(answers, games), audit: later(audit, settings.audit ? ceiling : null) };
}
