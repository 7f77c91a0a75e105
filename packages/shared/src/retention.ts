import { z } from 'zod/mini';
import { endpoints, orgAdminSpec, POST, readAndSave } from './endpoint';

/**
 * Retention per organization (issue 45 item 3): how long its games (with their event logs), its
 * players' answers and its audit log entries are kept. `null` keeps them for ever (the default).
 */
export const RETENTION_MONTHS = [3, 6, 12, 24] as const;
export type RetentionMonths = (typeof RETENTION_MONTHS)[number];

/** The UTC hour of the daily run: the housekeeping timer runs an organization's retention once after it. */
export const RETENTION_RUN_HOUR_UTC = 3;

const ZMonths = z.nullable(z.literal(RETENTION_MONTHS));

export const ZRetentionSettings = z.object({
  games: ZMonths,
  answers: ZMonths,
  audit: ZMonths,
});
export type RetentionSettings = z.infer<typeof ZRetentionSettings>;

/** One kind's cut-off (what ended or was written before it goes; null: kept) and how many that is. */
const ZWhatGoes = z.object({ before: z.nullable(z.string()), count: z.number().check(z.int()) });

export const ZRetentionStatus = z.object({
  settings: ZRetentionSettings,
  /** The operator's AUDIT_RETENTION_DAYS: no audit entry is kept longer, whatever the setting. */
  auditCeilingDays: z.number().check(z.int()),
  /** The next daily run (ISO), and what it would remove if it ran with today's data. */
  nextRunAt: z.string(),
  lastRunAt: z.nullable(z.string()),
  pending: z.object({ games: ZWhatGoes, answers: ZWhatGoes, audit: ZWhatGoes }),
});
export type RetentionStatus = z.infer<typeof ZRetentionStatus>;

/** What one run removed: counts per kind, with the cut-offs it used. */
export const ZRetentionRun = z.object({
  games: ZWhatGoes,
  answers: ZWhatGoes,
  audit: ZWhatGoes,
});
export type RetentionRun = z.infer<typeof ZRetentionRun>;

export const RETENTION_API = endpoints(['retention'], {
  ...readAndSave(['status', 'save'], orgAdminSpec('retention', ZRetentionStatus), ZRetentionSettings, {
    read: "An organization's retention settings, the next daily run and what it would remove",
    save: "Change how long an organization's games, answers and audit log entries are kept (3, 6, 12, 24 months or null: for ever)",
  }),
  run: POST(
    orgAdminSpec('retention/run', ZRetentionRun),
    "Apply an organization's retention now: what it removed, per kind, with the cut-off dates",
    'Games go with their event logs; Insights keeps its figures. The run is recorded in the audit log.',
  ),
});
