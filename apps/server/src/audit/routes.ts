import { AUDIT_API } from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/endpoint';
import type { AuditService } from './service';

/** Read and export: no route edits or deletes an entry (the log is append-only). */
export function auditRoutes(app: FastifyInstance, audit: AuditService): void {
  route(app, AUDIT_API.list, ({ actor, query: { page, size, ...filter } }) =>
    audit.page(actor, filter, page, size),
  );
  route(
    app,
    AUDIT_API.export,
    async ({ actor, query, reply }) => {
      const csv = await audit.csv(actor, query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="audit-log-${new Date().toISOString().slice(0, 10)}.csv"`,
        )
        .send(csv);
    },
    // An export of the log is itself recorded.
    { config: { audit: 'audit.export' } },
  );
}
