import { ORG_DATA_API } from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import { noteAudit } from '../audit/trail';
import { route } from '../http/endpoint';
import type { OrgDataService } from './data';

/** An organization's data on request: the zip, the erasure of an organization, of a player. */
export function orgDataRoutes(app: FastifyInstance, data: OrgDataService): void {
  route(
    app,
    ORG_DATA_API.export,
    async ({ actor, params, reply, req }) => {
      const { filename, stream } = await data.exportZip(actor, params.id);
      noteAudit(req, { target: { type: 'organization', label: filename, orgId: params.id } });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(stream);
    },
    { config: { audit: 'org.export' } },
  );
  route(app, ORG_DATA_API.erase, async ({ actor, params, body, req }) => {
    noteAudit(req, {
      action: 'org.erase',
      target: { type: 'organization', label: body.confirmName, orgId: params.id },
    });
    return data.erase(actor, params.id, body.confirmName);
  });
  route(app, ORG_DATA_API.erasePlayer, async ({ actor, params, req }) => {
    const { message, orgId } = await data.erasePlayer(actor, params.id);
    // The entry names the account by id alone: its names are what was erased.
    noteAudit(req, { action: 'user.erase', target: { type: 'user', label: null, orgId } });
    return { message };
  });
}
