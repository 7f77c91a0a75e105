import type { z } from 'zod/mini';
import type { Permission } from './permissions';
import { ZIdParam, ZMessageReply } from './schemas';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call: a role permission of `PERMISSIONS`, any signed-in user, or anyone (no token). */
export type EndpointAccess = Permission | 'signedIn' | 'public';

/**
 * One HTTP endpoint, the single description both sides read: the server registers its route from it
 * (validation, OpenAPI, access check) and the web client calls it (path, method, reply validation).
 */
export interface Endpoint {
  readonly method: HttpMethod;
  /** Below the API prefix, with `:name` segments for `params`, e.g. `/deletecategory/:id`. */
  readonly path: string;
  readonly params?: z.core.$ZodObject;
  readonly query?: z.core.$ZodObject;
  readonly body?: z.core.$ZodType;
  /** The success reply, sent with `status` (default 200). */
  readonly reply: z.core.$ZodType;
  readonly status?: 200 | 201 | 204;
  readonly access: EndpointAccess;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  /** Error replies that differ from the standard `{message, code}` (an import's refused rows). */
  readonly errors?: Readonly<Record<number, z.core.$ZodType>>;
}

/** Freezes an endpoint description, keeping its literal types for both sides. */
export function endpoint<const E extends Endpoint>(description: E): E {
  return Object.freeze(description);
}

/** What `GET`, `POST`, … take first: all of an endpoint but its method and texts (tags: its group's). */
type EndpointSpec = Omit<Endpoint, 'method' | 'summary' | 'description' | 'tags'> & {
  readonly tags?: readonly string[];
};

/**
 * `GET(spec, summary, description?)` and its siblings: one endpoint, frozen, the schemas on one line
 * and the texts after them.
 */
function withMethod<const M extends HttpMethod>(method: M) {
  return <const S extends EndpointSpec>(spec: S, summary: string, description?: string) =>
    Object.freeze({ method, ...spec, summary, ...(description === undefined ? {} : { description }) });
}
export const GET = withMethod('GET');
export const POST = withMethod('POST');
export const PUT = withMethod('PUT');
export const PATCH = withMethod('PATCH');
export const DELETE = withMethod('DELETE');

/** A spec for `getById` and `deleteById`: they supply `params` (and `deleteById` the reply). */
type ByIdSpec = Omit<EndpointSpec, 'params'> & { readonly path: `${string}/:id${string}` };

/**
 * `GET …/:id`: a read by the id in its path (`ZIdParam`), the read every domain has. Written once,
 * the path's `:id` and its params schema cannot drift apart; the path must name `:id`.
 */
export function getById<const S extends ByIdSpec>(spec: S, summary: string, description?: string) {
  return GET({ ...spec, params: ZIdParam }, summary, description);
}

/**
 * `DELETE …/:id`: remove one resource by the id in its path, replying `{message}` (`ZMessageReply`),
 * as every domain's delete does. Refusals (in use, yourself) are errors, so the reply never varies.
 */
export function deleteById<const S extends Omit<ByIdSpec, 'reply'>>(
  spec: S,
  summary: string,
  description?: string,
) {
  return DELETE({ ...spec, params: ZIdParam, reply: ZMessageReply }, summary, description);
}

/**
 * The spec of an endpoint on one organization's own integrations (SAML, sign-in, xAPI, retention, LTI,
 * SCIM): at `/organizations/:id/<path>`, for the organization's admins (a super admin: any), whatever
 * the method. `GET(spec, …)` reads the settings; a save or an action adds its `body`.
 */
export function orgAdminSpec<const P extends string, const R extends z.core.$ZodType>(path: P, reply: R) {
  return {
    path: `/organizations/:id/${path}`,
    params: ZIdParam,
    reply,
    access: 'editOwnOrganization',
  } as const;
}

/**
 * Settings read and saved whole at one address, under the two names given: the first GETs them, the
 * second PUTs the body and replies the same as the read (training, the product's sign-in policy, and
 * an organization's SAML, sign-in, xAPI and retention). One call keeps the pair's path, params, reply
 * and access the same.
 */
export function readAndSave<
  const R extends string,
  const W extends string,
  const S extends EndpointSpec,
  const B extends z.core.$ZodType,
>(
  [readName, saveName]: readonly [R, W],
  spec: S,
  body: B,
  texts: { readonly read: string; readonly save: string; readonly saveDescription?: string },
): { readonly [K in R]: ReturnType<typeof GET<S>> } & {
  readonly [K in W]: ReturnType<typeof PUT<S & { readonly body: B }>>;
} {
  return {
    [readName]: GET(spec, texts.read),
    [saveName]: PUT({ ...spec, body }, texts.save, texts.saveDescription),
  } as never;
}

/** The validated success reply of an endpoint. */
export type EndpointReply<E extends Endpoint> = z.output<E['reply']>;

/** A value for each `:name` segment of the path. */
export type EndpointPathParams<E extends Endpoint> = E extends { params: infer S extends z.core.$ZodObject }
  ? { [K in keyof z.input<S>]: string | number }
  : undefined;

/** `endpoint.path` with each `:name` segment filled from `params`, URI-encoded. */
export function endpointPath(
  endpoint: Pick<Endpoint, 'path'>,
  params?: Readonly<Record<string, string | number>>,
): string {
  return endpoint.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** An endpoint of an `endpoints` group: the group's tags unless it names its own. */
type GroupEndpoint = Omit<Endpoint, 'tags'> & { readonly tags?: readonly string[] };

/**
 * A domain's endpoints under the OpenAPI tags they share, each frozen as `endpoint` does; an entry
 * that names tags of its own has those instead.
 */
export function endpoints<const G extends Readonly<Record<string, GroupEndpoint>>>(
  tags: readonly string[],
  group: G,
): {
  readonly [K in keyof G]: G[K] extends { tags: readonly string[] }
    ? G[K]
    : G[K] & { readonly tags: readonly string[] };
} {
  const entries = Object.entries(group).map(([name, e]) => [name, endpoint({ tags, ...e })]);
  return Object.freeze(Object.fromEntries(entries)) as never;
}
