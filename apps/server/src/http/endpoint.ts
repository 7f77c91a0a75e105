import { type Endpoint, ZErrorReply } from '@playshop/shared';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
} from 'fastify';
import type { z } from 'zod/mini';
import { type Actor, requireActor, requirePermission } from './actor';

/** The `{message, code}` replies every route may answer (DESIGN §5). */
const STANDARD_ERRORS = {
  400: ZErrorReply,
  401: ZErrorReply,
  403: ZErrorReply,
  404: ZErrorReply,
  409: ZErrorReply,
};

type Parsed<E, K extends 'params' | 'query' | 'body'> = E extends {
  [key in K]: infer S extends z.core.$ZodType;
}
  ? z.output<S>
  : undefined;

export interface EndpointInput<E extends Endpoint> {
  params: Parsed<E, 'params'>;
  query: Parsed<E, 'query'>;
  body: Parsed<E, 'body'>;
  /** The caller, checked against `endpoint.access` before the handler runs. */
  actor: E extends { access: 'public' } ? Actor | null : Actor;
  req: FastifyRequest;
  reply: FastifyReply;
}

/**
 * The handler's answer: the reply value (sent with the endpoint's status), or `reply` itself after
 * sending something else (a CSV, a 400 with refused rows).
 */
type Handler<E extends Endpoint> = (
  input: EndpointInput<E>,
) => Promise<z.input<E['reply']> | FastifyReply> | z.input<E['reply']>;

export interface RouteOptions {
  /** Route config on top of `public` (which comes from the endpoint): rate limits, `allowExpiredOrg`. */
  config?: FastifyContextConfig;
  bodyLimit?: number;
  /** Run after validation and before the handler, in order (per-account limits keyed on the body). */
  preHandler?: ((req: FastifyRequest) => Promise<void>) | ((req: FastifyRequest) => Promise<void>)[];
}

function actorFor(req: FastifyRequest, access: Endpoint['access']): Actor | null {
  if (access === 'public') return req.actor;
  if (access === 'signedIn') return requireActor(req);
  return requirePermission(req, access);
}

/**
 * Registers `endpoint` on `app`: fastify-type-provider-zod validates params, query and body and
 * serializes the reply; the caller's access is checked before `handler` sees typed inputs.
 */
export function route<const E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
  options: RouteOptions = {},
): void {
  const status = endpoint.status ?? 200;
  const schema: FastifySchema & { tags: string[]; summary: string; description?: string } = {
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    response: { [status]: endpoint.reply, ...STANDARD_ERRORS, ...endpoint.errors },
  };
  if (endpoint.description) schema.description = endpoint.description;
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;

  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema,
    config: { ...options.config, ...(endpoint.access === 'public' ? { public: true } : {}) },
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    handler: async (req, reply) => {
      const actor = actorFor(req, endpoint.access);
      // Fastify has validated these against the endpoint's schemas before the handler runs.
      const result = await handler({
        params: req.params,
        query: req.query,
        body: req.body,
        actor,
        req,
        reply,
      } as EndpointInput<E>);
      if (result === reply || reply.sent) return reply;
      return reply.status(status).send(result);
    },
  });
}
