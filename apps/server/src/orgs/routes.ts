import { ORG_API } from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import { noteAudit, noteChange } from '../audit/trail';
import { route } from '../http/endpoint';
import type { OrgsService } from './service';

export function orgRoutes(app: FastifyInstance, orgs: OrgsService): void {
  route(app, ORG_API.checkExpiry, ({ actor, params }) => orgs.checkExpiry(actor, params.orgId), {
    // Users of an expired organization must be able to learn that it expired.
    config: { allowExpiredOrg: true },
  });
  route(app, ORG_API.workshops, ({ actor, params }) => orgs.workshopsOf(actor, params.name));
  route(app, ORG_API.byName, ({ actor, params }) => orgs.getByName(actor, params.name));
  route(app, ORG_API.byId, ({ actor, params }) => orgs.getById(actor, params.id));
  route(app, ORG_API.options, ({ actor }) => orgs.options(actor));
  route(app, ORG_API.count, () => orgs.count());
  route(app, ORG_API.page, ({ params }) => orgs.page(params.page, params.size));
  route(app, ORG_API.search, ({ params, query }) => orgs.search(params.term, query.page, query.size));
  route(app, ORG_API.create, async ({ body, req }) => {
    const created = await orgs.create(body);
    noteAudit(req, { target: { type: 'organization', orgId: created.id } });
    return created;
  });
  // Recorded with each changed field's before and after (the licence's expiry among them).
  route(app, ORG_API.edit, async ({ actor, body, req }) => {
    const before = await orgs.getById(actor, body.id);
    const after = await orgs.edit(actor, body);
    noteChange(req, before, after, { type: 'organization', label: after.name, orgId: after.id });
    return after;
  });
  route(app, ORG_API.remove, async ({ actor, params, req }) => {
    const gone = await orgs.getById(actor, params.id);
    noteAudit(req, { target: { type: 'organization', label: gone.name, orgId: gone.id } });
    return orgs.remove(params.id);
  });
  route(app, ORG_API.linkableWorkshops, ({ params }) => orgs.linkableWorkshops(params.orgId));
  route(app, ORG_API.linkWorkshop, ({ body }) => orgs.link(body.orgId, body.workshopId));
  route(app, ORG_API.unlinkWorkshop, ({ params }) => orgs.unlink(params.orgId, params.workshopId));
}
