import { RETENTION_API, type RetentionRun, type RetentionSettings } from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import type { AuditService } from '../audit/service';
import { noteAudit, noteChange } from '../audit/trail';
import type { Database } from '../db/client';
import { route } from '../http/endpoint';
import { scheduleHousekeeping } from '../http/housekeeping';
import { DAILY_RUN_ACTION, type RetentionService, runChanges } from './service';

/** How often the timer looks for an organization whose daily run is due (it runs once a day each). */
const CHECK_EVERY_MS = 10 * 60_000;

/** The settings as the audit log names them (`forever` rather than an empty value). */
const auditFields = (s: RetentionSettings) => ({
  gamesMonths: s.games ?? 'forever',
  answersMonths: s.answers ?? 'forever',
  auditMonths: s.audit ?? 'forever',
});

/** Settings › Retention: read, change (audited before → after), apply now (audited with what went). */
export function retentionRoutes(app: FastifyInstance, retention: RetentionService): void {
  route(app, RETENTION_API.status, ({ actor, params }) => retention.status(actor, params.id));
  route(app, RETENTION_API.save, async ({ actor, params, body, req }) => {
    const { org, before, after, status } = await retention.save(actor, params.id, body);
    noteChange(req, auditFields(before), auditFields(after), {
      type: 'organization',
      label: org.name,
      orgId: org.id,
    });
    return status;
  });
  route(app, RETENTION_API.run, async ({ actor, params, req }) => {
    const { org, run } = await retention.runNow(actor, params.id);
    noteAudit(req, {
      target: { type: 'organization', label: org.name, orgId: org.id },
      changes: runChanges(run),
    });
    return run;
  });
}

/** The daily run on the housekeeping timer, one instance at a time; each run is in the audit log. */
export function scheduleRetention(
  app: FastifyInstance,
  retention: RetentionService,
  audit: AuditService,
  database: Database,
): void {
  scheduleHousekeeping(app, 'data past its retention', () => retention.runDue(dailyRunRecorder(audit)), {
    shared: database,
    intervalMs: CHECK_EVERY_MS,
  });
  app.addHook('onClose', () => retention.settled());
}

/** Records a daily run in the organization's audit log: no user did it, the timer did. */
export const dailyRunRecorder = (audit: AuditService) => (orgId: number, name: string, run: RetentionRun) =>
  audit.record(
    { userId: null, role: null, label: DAILY_RUN_ACTOR, orgId: null },
    DAILY_RUN_ACTION,
    { type: 'organization', id: orgId, label: name, orgId },
    runChanges(run),
  );

/** The actor's name of a daily run's audit entry. */
export const DAILY_RUN_ACTOR = 'daily retention run';
