import { english } from '@playshop/messages/english';
import { WORKSHOP_API } from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/endpoint';
import type { WorkshopsService } from './service';

export function workshopRoutes(app: FastifyInstance, svc: WorkshopsService): void {
  route(app, WORKSHOP_API.list, ({ actor }) => svc.list(actor));
  route(app, WORKSHOP_API.page, ({ actor, params, query }) =>
    svc.page(actor, params.page, params.size, query.search || undefined),
  );
  route(app, WORKSHOP_API.byId, ({ actor, params }) => svc.get(actor, params.id));
  route(app, WORKSHOP_API.count, ({ actor }) => svc.count(actor));
  route(app, WORKSHOP_API.search, ({ actor, params }) => svc.list(actor, params.term));
  route(app, WORKSHOP_API.create, ({ body }) => svc.create(body.name));
  route(app, WORKSHOP_API.rename, ({ body }) => svc.edit(body.id, body.name));
  route(app, WORKSHOP_API.edit, ({ body }) => {
    const order = body.sessions?.map((s) => (typeof s === 'number' ? s : s.id));
    return svc.edit(body.id, body.name, order);
  });
  route(app, WORKSHOP_API.remove, async ({ params }) => {
    await svc.remove(params.id);
    return { message: english('workshops.deleted') };
  });

  // Sessions
  route(app, WORKSHOP_API.createSession, ({ body }) => svc.createSession(body));
  route(app, WORKSHOP_API.sessionsOf, ({ actor, params }) => svc.sessionsOf(actor, params.id));
  route(app, WORKSHOP_API.session, ({ actor, params }) => svc.getSession(actor, params.id));
  route(app, WORKSHOP_API.editSession, ({ params, body }) => svc.editSession(params.id, body));
  route(app, WORKSHOP_API.removeSession, async ({ params }) => {
    await svc.removeSession(params.id);
    return { message: english('workshops.sessionDeleted') };
  });
  route(app, WORKSHOP_API.sessionContent, ({ actor, params }) => svc.sessionContentOf(actor, [params.id]));
  route(app, WORKSHOP_API.manySessionContent, ({ actor, params }) => svc.sessionContentOf(actor, params.ids));
}
