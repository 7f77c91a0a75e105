/**
 * Hostile input against every operation of the OpenAPI document: each path
 * parameter, query parameter and JSON body field in turn gets a NUL string, a string with CR/LF and a
 * terminal escape, and integers just past int4 and up to 2^53−1, the rest of the request plausible.
 * Every answer must be below 500: the shared schemas refuse such input at the boundary with a 400.
 */
import { INT4_MAX } from '@playshop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createTestContext, signInNewUser, type TestContext } from './context';

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  default?: unknown;
};
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}

const HOSTILE_STRINGS = ['a\u0000b', 'line\r\nbreak \u001b[31mred'];
const HOSTILE_INTEGERS = [INT4_MAX + 1, 2 ** 53 - 1];
/** An id no row has, so the plausible part of a request never destroys the caller's own data. */
const ABSENT_ID = 999_999;

function plausible(schema: JsonSchema): unknown {
  const options = schema.oneOf ?? schema.anyOf;
  if (options) return plausible(options[0]!);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, plausible(v)]));
    case 'array':
      return schema.items ? [plausible(schema.items)] : [];
    case 'integer':
    case 'number':
      return schema.maximum !== undefined && schema.maximum < ABSENT_ID ? (schema.minimum ?? 1) : ABSENT_ID;
    case 'boolean':
      return false;
    case 'string':
      return 'fuzz';
    default:
      return schema.default ?? null;
  }
}

type Path = (string | number)[];
/** Every string or integer leaf of a plausible value, with its schema type. */
function leaves(schema: JsonSchema, path: Path = []): { path: Path; type: string }[] {
  const options = schema.oneOf ?? schema.anyOf;
  if (options) return leaves(options[0]!, path);
  if (schema.type === 'object')
    return Object.entries(schema.properties ?? {}).flatMap(([k, v]) => leaves(v, [...path, k]));
  if (schema.type === 'array' && schema.items) return leaves(schema.items, [...path, 0]);
  if (schema.type === 'string' && schema.enum === undefined && schema.const === undefined)
    return [{ path, type: 'string' }];
  if (schema.type === 'integer' || schema.type === 'number') return [{ path, type: 'integer' }];
  return [];
}

function setAt(value: unknown, path: Path, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[path[0]!] = setAt(copy[path[0]!], path.slice(1), leaf);
  return copy;
}

const hostileFor = (type: string) => (type === 'string' ? HOSTILE_STRINGS : HOSTILE_INTEGERS);

interface Probe {
  label: string;
  method: string;
  url: string;
  payload?: unknown;
}

/** One request per (operation, field, hostile value); every other field plausible. */
function probes(paths: Record<string, Record<string, Operation>>): Probe[] {
  const out: Probe[] = [];
  for (const [template, operations] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const params = (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      const bodies = bodySchema ? (bodySchema.oneOf ?? bodySchema.anyOf ?? [bodySchema]) : [undefined];
      const base = Object.fromEntries(params.map((p) => [p.name, plausible(p.schema)]));
      const build = (values: Record<string, unknown>, payload: unknown, label: string): Probe => {
        let url = template;
        const query = new URLSearchParams();
        for (const p of params) {
          const v = String(values[p.name]);
          if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(v));
          else query.set(p.name, v);
        }
        const qs = query.toString();
        return {
          label: `${method.toUpperCase()} ${template} ${label}`,
          method: method.toUpperCase(),
          url: qs ? `${url}?${qs}` : url,
          ...(payload !== undefined ? { payload } : {}),
        };
      };
      for (const body of bodies) {
        const payload = body ? plausible(body) : undefined;
        for (const p of params) {
          const type = p.schema.type === 'integer' || p.schema.type === 'number' ? 'integer' : 'string';
          if (p.schema.enum) continue;
          for (const hostile of hostileFor(type))
            out.push(
              build({ ...base, [p.name]: hostile }, payload, `${p.in} ${p.name}=${JSON.stringify(hostile)}`),
            );
        }
        if (!body) continue;
        for (const leaf of leaves(body)) {
          for (const hostile of hostileFor(leaf.type))
            out.push(
              build(
                base,
                setAt(payload, leaf.path, hostile),
                `body ${leaf.path.join('.')}=${JSON.stringify(hostile)}`,
              ),
            );
        }
      }
    }
  }
  return out;
}

let ctx: TestContext;
let headers: Record<string, string>;

beforeAll(async () => {
  // Generous limits: hundreds of hostile sign-ins from one address must reach the handler.
  const lots = { max: 100_000, timeWindow: 60_000 };
  ctx = await createTestContext({
    rateLimits: {
      loginPerIp: lots,
      participantPerIp: lots,
      participantPerAccount: lots,
      resetPerIp: lots,
      resetPerAccount: lots,
    },
    loginThrottle: { freeAttempts: 100_000 },
  });
  const org = await createOrg(ctx.database);
  // The super admin reaches every handler, so hostile values get past authorization to the database.
  headers = (await signInNewUser(ctx, 'SUPER_ADMIN', org.id)).headers;
});
afterAll(() => ctx.close());

describe('hostile input on every OpenAPI operation', () => {
  it('never answers 5xx', { timeout: 240_000 }, async () => {
    const doc = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const all = probes(doc.paths);
    // Every operation with a parameter or body is probed (a guard against the walker going blind).
    expect(all.length).toBeGreaterThan(400);
    const failures: string[] = [];
    for (const probe of all) {
      const res = await ctx.app.inject({
        method: probe.method as 'GET',
        url: probe.url,
        headers: {
          ...headers,
          // The tus endpoints answer only tus requests; give them one so the path reaches the handler.
          'tus-resumable': '1.0.0',
        },
        ...(probe.payload !== undefined ? { payload: probe.payload as object } : {}),
      });
      if (res.statusCode >= 500) failures.push(`${probe.label}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 400 naming the rule for a NUL in sign-in and an id past int4', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: 'a\u0000@example.com', password: 'whatever1' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'email' });
    const player = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/participantLogin',
      payload: { username: 'x\u0000' },
    });
    expect(player.statusCode).toBe(400);
    const big = await ctx.app.inject({ url: `/api/v1/get-org-by-id/${INT4_MAX + 1}`, headers });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ message: 'Id must be a whole number from 1 to 2147483647' });
    const inBody = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/createroom',
      headers,
      payload: { name: 'Room', workshopId: 2 ** 53 - 1 },
    });
    expect(inBody.statusCode).toBe(400);
    expect(inBody.json().field).toBe('workshopId');
  });
});
