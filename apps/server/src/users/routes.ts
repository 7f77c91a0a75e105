import { ACCOUNT_API, message, PLAYER_IMPORT_API, USER_API } from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import { noteAudit, noteChange } from '../audit/trail';
import { route } from '../http/endpoint';
import { errorBody } from '../http/errors';
import type { UsersService } from './service';

export function userRoutes(app: FastifyInstance, users: UsersService): void {
  route(
    app,
    PLAYER_IMPORT_API.importPlayers,
    async ({ actor, body, reply }) => {
      const result = await users.importPlayers(actor, body);
      if ('problems' in result) {
        return reply.status(400).send({
          ...errorBody(message('playerImport.rejected'), 'INVALID_ROWS' as const),
          rows: result.problems,
        });
      }
      return result;
    },
    // 5,000 rows of long names stay under 4 MB.
    { bodyLimit: 4 * 1024 * 1024 },
  );

  route(
    app,
    USER_API.player.export,
    async ({ actor, params, reply }) => {
      const { filename, csv } = await users.exportPlayers(actor, params.orgId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(csv);
    },
    { config: { audit: 'players.export' } },
  );

  for (const kind of ['admin', 'player'] as const) {
    const api = USER_API[kind];
    route(app, api.page, ({ actor, params: { orgId, page, size } }) =>
      users.page(actor, kind, { orgId }, page, size),
    );
    route(app, api.allPage, ({ actor, params }) =>
      users.page(actor, kind, 'visible', params.page, params.size),
    );
    route(app, api.count, ({ actor, params }) => users.count(actor, kind, { orgId: params.orgId }));
    route(app, api.countAll, ({ actor }) => users.count(actor, kind, 'visible'));
    route(app, api.search, ({ actor, params, query }) =>
      users.page(actor, kind, 'visible', query.page, query.size, params.term),
    );
    route(app, api.orgSearch, ({ actor, params, query }) =>
      users.page(actor, kind, { orgId: params.orgId }, query.page, query.size, params.term),
    );
    route(app, api.byId, ({ actor, params }) => users.getById(actor, kind, params.id));
    route(app, api.remove, async ({ actor, params, req }) => {
      const gone = await users.getById(actor, kind, params.id);
      const label = gone.email ?? gone.username;
      noteAudit(req, { target: { type: 'user', label, orgId: gone.organizationId } });
      return users.remove(actor, kind, params.id);
    });
    route(app, api.all, ({ actor }) => users.all(actor, kind));
  }

  route(app, ACCOUNT_API.setLanguage, ({ actor, body }) => users.setLanguage(actor, body.language));

  route(app, USER_API.player.create, ({ actor, body }) => users.createPlayer(actor, body));
  route(app, USER_API.admin.create, ({ actor, body }) => users.createAdmin(actor, body));
  // Edits are recorded with each changed field's before and after (roles, organizations, names).
  route(app, USER_API.player.edit, async ({ actor, body, req }) => {
    const before = await users.getById(actor, 'player', body.id);
    const after = await users.editPlayer(actor, body);
    noteChange(req, before, after, { type: 'user', label: after.username, orgId: after.organizationId });
    return after;
  });
  route(app, USER_API.admin.edit, async ({ actor, body, req }) => {
    const before = await users.getById(actor, 'admin', body.id);
    const after = await users.editAdmin(actor, body);
    noteChange(req, before, after, { type: 'user', label: after.email, orgId: after.organizationId });
    return after;
  });
}
