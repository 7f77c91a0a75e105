import { english } from '@playshop/messages/english';
import { type AuditActionKey, isAuditActionKey, SCIM_API } from '@playshop/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuditService } from '../audit/service';
import { noteAudit } from '../audit/trail';
import type { Db } from '../db/client';
import { isDatabaseOutage, isDatabaseUnavailable } from '../http/db-errors';
import { route } from '../http/endpoint';
import { UNAVAILABLE_RETRY_AFTER_S } from '../http/errors';
import { discovery } from './discovery';
import { notFound, ScimError, scimErrorBody } from './errors';
import { parseFilter } from './filter';
import { LIST_SCHEMA, patchOperations, patchUser, pick, userFromBody } from './resource';
import type { ScimChange, ScimService, ScimTokenService } from './service';

const SCIM_JSON = 'application/scim+json; charset=utf-8';
const MINUTE = 60_000;
/** Authenticated by the SCIM token, not a staff access token; a directory's bursts are allowed for. */
const ROUTE = {
  config: { public: true, rateLimit: { max: 1200, timeWindow: MINUTE } },
  schema: { hide: true },
};

const orgIdOf = (req: FastifyRequest) => {
  const id = Number((req.params as { orgId?: string }).orgId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};
const paramId = (req: FastifyRequest) => (req.params as { id: string }).id;

const BASE = '/:orgId';
const org = (req: FastifyRequest) => orgIdOf(req)!;
const send = (reply: FastifyReply, status: number, body: unknown, version?: string) => {
  if (version) reply.header('etag', version);
  return reply.code(status).type(SCIM_JSON).send(body);
};
const ifMatch = (req: FastifyRequest) => req.headers['if-match'] as string | undefined;
const paging = (req: FastifyRequest) => {
  const query = req.query as Record<string, string | undefined>;
  const number = (name: string, fallback: number) => {
    const raw = pick(query, name) as string | undefined;
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n)) throw new ScimError(400, `${name} must be a whole number`, 'invalidValue');
    return n;
  };
  const filter = pick(query, 'filter') as string | undefined;
  return {
    filter: filter ? parseFilter(filter) : [],
    startIndex: Math.max(1, number('startIndex', 1)),
    count: Math.min(200, Math.max(0, number('count', 100))),
  };
};
type RecordChanges = (req: FastifyRequest, changes: ScimChange[]) => Promise<void>;

/** The changes a SCIM write made, in the audit log (by "SCIM", in the organization). */
const recorder =
  (audit: AuditService): RecordChanges =>
  async (req, changes) => {
    for (const change of changes) {
      const action: AuditActionKey = change.action;
      if (!isAuditActionKey(action)) continue;
      await audit.record(
        { userId: null, role: null, label: 'SCIM', orgId: org(req) },
        action,
        { type: 'user', id: change.userId, label: change.label, orgId: org(req) },
        change.changes && Object.keys(change.changes).length > 0 ? change.changes : null,
        req.ip,
      );
    }
  };

/** The admins' token routes (shared contract). The caller's own organization (any for a super admin). */
function tokenRoutes(app: FastifyInstance, tokens: ScimTokenService) {
  // Another organization's is 404 as if missing.
  route(app, SCIM_API.settings, async ({ actor, params }) => {
    await tokens.inScope(actor, params.id);
    return tokens.status(params.id);
  });
  route(app, SCIM_API.createToken, async ({ actor, params, req }) => {
    const org = await tokens.inScope(actor, params.id);
    const { replaced, ...made } = await tokens.create(params.id);
    noteAudit(req, { target: { label: org.name }, ...(replaced ? { action: 'scim.token_rotate' } : {}) });
    return made;
  });
  route(app, SCIM_API.revokeToken, async ({ actor, params, req }) => {
    const org = await tokens.inScope(actor, params.id);
    noteAudit(req, { target: { label: org.name } });
    return tokens.revoke(params.id);
  });
}

/** SCIM's own media type as JSON; a DELETE that names a type but sends nothing is no error. */
function scimBodies(scope: FastifyInstance) {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser(
    ['application/json', 'application/scim+json'],
    { parseAs: 'string' },
    (_req, body, done) => {
      if (body === '') return done(null, undefined);
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new ScimError(400, 'The body is not valid JSON', 'invalidSyntax'), undefined);
      }
    },
  );
}

/** Every refusal in the SCIM error format: no endpoint, a SCIM error, the database down, a failure. */
function scimErrors(scope: FastifyInstance, db: Db) {
  scope.setNotFoundHandler((_req, reply) =>
    reply.code(404).type(SCIM_JSON).send(scimErrorBody(404, 'No such SCIM endpoint')),
  );
  scope.setErrorHandler(async (err: Error & { statusCode?: number }, req, reply) => {
    if (err instanceof ScimError)
      return reply
        .code(err.status)
        .type(SCIM_JSON)
        .send(scimErrorBody(err.status, err.message, err.scimType));
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    // The database down is the outage's 503, as on every other route (http/errors.ts): the
    // directory retries later instead of counting a failure.
    if (status === 500 && (isDatabaseUnavailable(err) || (await isDatabaseOutage(err, db)))) {
      req.log.warn({ err: { message: err.message } }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S))
        .type(SCIM_JSON)
        .send(scimErrorBody(503, english('errors.databaseUnavailable')));
    }
    if (status === 500) req.log.error({ err }, 'SCIM request failed');
    const detail = status === 500 ? 'Internal server error' : err.message;
    return reply
      .code(status)
      .type(SCIM_JSON)
      .send(scimErrorBody(status, detail, status === 400 ? 'invalidSyntax' : undefined));
  });
}

/** Every SCIM request: the organization's own token, or 401. */
function scimAuth(scope: FastifyInstance, tokens: ScimTokenService) {
  scope.addHook('preHandler', async (req, reply) => {
    // An address that is no endpoint answers 404 (scimErrors), token or not: it shows nothing.
    if (req.routeOptions.url === undefined) return;
    const orgId = orgIdOf(req);
    const header = req.headers.authorization ?? '';
    const raw = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    if (!orgId || !raw || !(await tokens.accepts(orgId, raw))) {
      reply.header('www-authenticate', 'Bearer realm="scim"');
      throw new ScimError(401, 'A valid SCIM bearer token for this organization is required');
    }
  });
}

function userRoutes(scope: FastifyInstance, scim: ScimService, record: RecordChanges) {
  scope.get(`${BASE}/Users`, ROUTE, async (req, reply) => {
    const { filter, startIndex, count } = paging(req);
    const { total, resources } = await scim.listUsers(org(req), filter, startIndex, count);
    return send(reply, 200, {
      schemas: [LIST_SCHEMA],
      totalResults: total,
      startIndex,
      itemsPerPage: resources.length,
      Resources: resources,
    });
  });
  scope.get(`${BASE}/Users/:id`, ROUTE, async (req, reply) => {
    const user = await scim.getUser(org(req), paramId(req));
    const none = req.headers['if-none-match']?.split(',').map((v) => v.trim());
    if (none?.includes(user.meta.version)) return reply.code(304).header('etag', user.meta.version).send();
    return send(reply, 200, user, user.meta.version);
  });
  scope.post(`${BASE}/Users`, ROUTE, async (req, reply) => {
    const { user, change } = await scim.createUser(org(req), userFromBody(req.body));
    await record(req, [change]);
    reply.header('location', user.meta.location);
    return send(reply, 201, user, user.meta.version);
  });
  scope.put(`${BASE}/Users/:id`, ROUTE, async (req, reply) => {
    const fields = userFromBody(req.body);
    const { user, change } = await scim.updateUser(org(req), paramId(req), ifMatch(req), () => fields);
    await record(req, [change]);
    return send(reply, 200, user, user.meta.version);
  });
  scope.patch(`${BASE}/Users/:id`, ROUTE, async (req, reply) => {
    const operations = patchOperations(req.body);
    const { user, change } = await scim.updateUser(org(req), paramId(req), ifMatch(req), (current) =>
      patchUser(current, operations),
    );
    await record(req, [change]);
    return send(reply, 200, user, user.meta.version);
  });
  scope.delete(`${BASE}/Users/:id`, ROUTE, async (req, reply) => {
    await record(req, [await scim.deleteUser(org(req), paramId(req), ifMatch(req))]);
    return reply.code(204).send();
  });
}

/** A group's PATCH operations as the members to add, remove, or replace them all with. */
function groupPatch(body: unknown) {
  const add: unknown[] = [];
  const remove: unknown[] = [];
  let replace: unknown[] | undefined;
  const asList = (v: unknown) => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);
  for (const { op, path, value } of patchOperations(body)) {
    const name = path?.toLowerCase() ?? '';
    // members[value eq "12"]: Entra ID's removal of one member.
    const one = /^members\[\s*value\s+eq\s+"([^"]*)"\s*\]$/i.exec(path ?? '');
    if (one) {
      if (op !== 'remove') throw new ScimError(400, 'Only remove takes a member filter', 'invalidPath');
      remove.push({ value: one[1] });
    } else if (name === 'members' || (!path && pick(value, 'members') !== undefined)) {
      const members = asList(path ? value : pick(value, 'members'));
      if (op === 'add') add.push(...members);
      else if (op === 'remove') remove.push(...members);
      else replace = members;
    } else if (name === 'displayname' || (!path && pick(value, 'displayName') !== undefined)) {
      throw new ScimError(400, "A group's name is its role's and cannot be changed", 'mutability');
    } else if (!path && op === 'remove') {
      throw new ScimError(400, 'A remove needs a path', 'noTarget');
    } else {
      throw new ScimError(400, `Cannot change ${path ?? 'that'} of a group`, 'invalidPath');
    }
  }
  return { add, remove, replace };
}

function groupRoutes(scope: FastifyInstance, scim: ScimService, record: RecordChanges) {
  scope.get(`${BASE}/Groups`, ROUTE, async (req, reply) => {
    const { filter, startIndex, count } = paging(req);
    const all = await scim.listGroups(org(req), filter);
    const page = all.slice(startIndex - 1, startIndex - 1 + count);
    return send(reply, 200, {
      schemas: [LIST_SCHEMA],
      totalResults: all.length,
      startIndex,
      itemsPerPage: page.length,
      Resources: page,
    });
  });
  scope.get(`${BASE}/Groups/:id`, ROUTE, async (req, reply) => {
    const group = await scim.getGroup(org(req), paramId(req));
    return send(reply, 200, group, group.meta.version);
  });
  // The groups are the roles: they exist already. A directory "creating" one by its name links to it.
  scope.post(`${BASE}/Groups`, ROUTE, async (req, reply) => {
    const name = String(pick(req.body, 'displayName') ?? '').toLowerCase();
    const [group] = await scim.listGroups(org(req), [{ attribute: 'displayname', value: name }]);
    if (!group)
      throw new ScimError(
        400,
        'Only the groups "Playshop Admins" and "Playshop Facilitators" exist',
        'invalidValue',
      );
    const members = pick(req.body, 'members');
    const { group: after, changes } = await scim.changeMembers(org(req), group.id, members, undefined);
    await record(req, changes);
    return send(reply, 201, after, after.meta.version);
  });
  scope.put(`${BASE}/Groups/:id`, ROUTE, async (req, reply) => {
    const members = pick(req.body, 'members') ?? [];
    const { group, changes } = await scim.changeMembers(
      org(req),
      paramId(req),
      undefined,
      undefined,
      members,
    );
    await record(req, changes);
    return send(reply, 200, group, group.meta.version);
  });
  scope.patch(`${BASE}/Groups/:id`, ROUTE, async (req, reply) => {
    scim.groupById(paramId(req));
    const { add, remove, replace } = groupPatch(req.body);
    const { group, changes } = await scim.changeMembers(org(req), paramId(req), add, remove, replace);
    await record(req, changes);
    return send(reply, 200, group, group.meta.version);
  });
  scope.delete(`${BASE}/Groups/:id`, ROUTE, async (req) => {
    scim.groupById(paramId(req));
    throw new ScimError(400, "The groups are Playshop's roles and cannot be deleted", 'mutability');
  });
}

function discoveryRoutes(scope: FastifyInstance, tokens: ScimTokenService) {
  const about = (req: FastifyRequest) => discovery(tokens.baseUrl(org(req)));
  scope.get(`${BASE}/ServiceProviderConfig`, ROUTE, async (req, reply) =>
    send(reply, 200, about(req).serviceProviderConfig),
  );
  // The resource types and the schemas: each listed, and one of them by its id (in any case).
  type Discovery = ReturnType<typeof discovery>;
  for (const [kind, of] of [
    ['ResourceTypes', (d: Discovery): { id: string }[] => d.resourceTypes],
    ['Schemas', (d: Discovery): { id: string }[] => d.schemas],
  ] as const) {
    const entries = (req: FastifyRequest) => of(about(req));
    scope.get(`${BASE}/${kind}`, ROUTE, async (req, reply) =>
      send(reply, 200, about(req).list(entries(req))),
    );
    scope.get(`${BASE}/${kind}/:id`, ROUTE, async (req, reply) => {
      const found = entries(req).find((e) => e.id.toLowerCase() === paramId(req).toLowerCase());
      if (!found) throw notFound();
      return send(reply, 200, found);
    });
  }
}

/**
 * The admins' token routes (shared contract) and SCIM 2.0 itself at /api/v1/scim/v2/{orgId}: Users,
 * Groups and the discovery endpoints, with the organization's bearer token. Every refusal is in the
 * SCIM error format.
 */
export function scimRoutes(
  app: FastifyInstance,
  { tokens, scim, audit, db }: { tokens: ScimTokenService; scim: ScimService; audit: AuditService; db: Db },
) {
  tokenRoutes(app, tokens);
  app.register(
    async (scope) => {
      scimBodies(scope);
      scimErrors(scope, db);
      scimAuth(scope, tokens);
      const record = recorder(audit);
      userRoutes(scope, scim, record);
      groupRoutes(scope, scim, record);
      discoveryRoutes(scope, tokens);
    },
    { prefix: '/scim/v2' },
  );
}
