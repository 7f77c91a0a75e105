import {
  API_PREFIX,
  AUTH_API,
  type Endpoint,
  type EndpointPathParams,
  type EndpointReply,
  endpointPath,
  type LoginReply,
  normalizeRole,
  stripControlChars,
  ZErrorReply,
  ZLoginReply,
  zPreprocess,
} from '@playshop/shared';
import { z } from 'zod/mini';
import { serverText, t } from '../i18n/i18n';
import { httpErrorToast } from '../i18n/toast-text';

/** The error code the server sends when a non-super-admin's organization licence has run out. */
const ORG_EXPIRED = 'ORG_EXPIRED';

const NO_RESPONSE = 'No response received from the server';

/** A failed API call. `status` is undefined when no response arrived at all. */
export class ApiError extends Error {
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly field: string | undefined;
  /** The text of SPEC §8 for this failure, as shown in the error toast. */
  readonly toastText: string;
  /** The reply's JSON, for errors that carry more than a message (an import's refused rows). */
  readonly body: unknown;

  constructor(init: {
    status?: number;
    code?: string;
    field?: string;
    message?: string;
    toastText?: string;
    body?: unknown;
  }) {
    const message = init.message || (init.status === undefined ? NO_RESPONSE : `HTTP ${init.status}`);
    super(message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.field = init.field;
    this.body = init.body;
    this.toastText = init.toastText ?? httpErrorToast(init.status, init.message);
  }
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions<T> {
  method?: HttpMethod;
  body?: unknown;
  /** Validates and types the reply; without it the reply is returned as `unknown` JSON. */
  schema?: z.core.$ZodType<T>;
  /** 'blob' for a file (a CSV report): the reply body as it came, not parsed. Default 'json'. */
  responseType?: 'json' | 'blob';
  /** Send the bearer token and refresh-and-retry on 401/403. Default true. */
  auth?: boolean;
  /** Show the error toast on failure. Default true; login forms show their own. */
  notify?: boolean;
  signal?: AbortSignal;
}

/** What a call by contract sends: a value per path segment, the query and the body, as the endpoint declares. */
export type CallInput<E extends Endpoint> = (E extends { params: z.core.$ZodObject }
  ? { params: EndpointPathParams<E> }
  : { params?: undefined }) &
  (E extends { query: infer Q extends z.core.$ZodType } ? { query?: z.input<Q> } : { query?: undefined }) &
  (E extends { body: infer B extends z.core.$ZodType } ? { body: z.input<B> } : { body?: undefined });

type CallOptions = Pick<RequestOptions<unknown>, 'auth' | 'notify' | 'signal'>;

/** Endpoints without inputs may be called without the input argument. */
type CallArgs<E extends Endpoint> =
  Record<string, never> extends CallInput<E>
    ? [input?: CallInput<E>, options?: CallOptions]
    : [input: CallInput<E>, options?: CallOptions];

/** `?key=value` of the entries that are set (not undefined, null or empty), or nothing. */
function queryString(query: Readonly<Record<string, unknown>> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The path below the API prefix that a call by contract requests (also for file downloads). */
export function callPath<E extends Endpoint>(endpoint: E, input?: CallInput<E>): string {
  return (
    endpointPath(endpoint, input?.params as Record<string, string | number> | undefined) +
    queryString(input?.query as Record<string, unknown> | undefined)
  );
}

export interface ApiClientDeps {
  fetch?: typeof fetch;
  baseUrl?: string;
  getAccessToken: () => string | null;
  /** A refresh succeeded: the reply carries a new token and the user's current role and organization. */
  onRefreshed: (reply: LoginReply) => void;
  /** The server refused the refresh cookie: the session is over. */
  onSessionExpired: () => void;
  /** A call answered 403 ORG_EXPIRED. */
  onOrgExpired: () => void;
  notifyError: (text: string) => void;
}

interface ApiClient {
  /** Calls `endpoint` (its method and path, the reply validated with its reply schema). */
  call<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<EndpointReply<E>>;
  request<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  get<T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>): Promise<T>;
  post<T = unknown>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions<T>, 'method' | 'body'>,
  ): Promise<T>;
  /** POST /refresh; concurrent callers share one call. Resolves null when the session cannot be renewed. */
  refresh(): Promise<LoginReply | null>;
}

/**
 * Reply of /login, /participantLogin and /refresh. Accepts the spec's role spellings (DESIGN: normalise
 * on input) before the strict shared schema.
 */
export const ZAuthReply = zPreprocess((json) => {
  if (!json || typeof json !== 'object' || !('role' in json)) return json;
  return { ...json, role: normalizeRole(json.role) ?? json.role };
}, ZLoginReply);

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function errorFromResponse(response: Response): Promise<ApiError> {
  const body = await readJson(response);
  const parsed = z.safeParse(z.partial(ZErrorReply), body);
  const reply = parsed.success ? parsed.data : {};
  return new ApiError({
    status: response.status,
    code: reply.code,
    field: reply.field,
    // Protocol 6: the text's key shows it in the reader's language; the English when this build lacks it.
    message: reply.message ? stripControlChars(serverText({ ...reply, message: reply.message })) : undefined,
    body,
  });
}

const isAuthFailure = (error: ApiError) =>
  (error.status === 401 || error.status === 403) && error.code !== ORG_EXPIRED;

/** Where the client sends its requests: the fetch to use and the API prefix before every path. */
interface Transport {
  fetch: typeof fetch;
  baseUrl: string;
}

/** POST /refresh once; the reply, or null when the session cannot be renewed (ended or offline). */
async function refreshSession(
  transport: Transport,
  deps: Pick<ApiClientDeps, 'onRefreshed' | 'onSessionExpired'>,
): Promise<LoginReply | null> {
  let response: Response;
  try {
    response = await transport.fetch(`${transport.baseUrl}${AUTH_API.refresh.path}`, {
      method: AUTH_API.refresh.method,
      credentials: 'include',
      headers: { 'x-requested-with': 'playshop' },
    });
  } catch {
    // Offline: keep the session as it is, the caller sees its own failure.
    return null;
  }
  if (!response.ok) {
    // Only a refused cookie ends the session; a 5xx or a rate limit leaves it for a later try.
    if (response.status === 401 || response.status === 403) deps.onSessionExpired();
    return null;
  }
  const parsed = ZAuthReply.safeParse(await readJson(response));
  if (!parsed.success) {
    deps.onSessionExpired();
    return null;
  }
  deps.onRefreshed(parsed.data);
  return parsed.data;
}

/** One HTTP exchange; resolves the parsed reply or rejects with an ApiError (never toasts). */
async function send<T>(
  transport: Transport,
  path: string,
  options: RequestOptions<T>,
  token: string | null,
): Promise<T> {
  const headers: Record<string, string> = {
    accept: options.responseType === 'blob' ? '*/*' : 'application/json',
  };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await transport.fetch(`${transport.baseUrl}${path}`, {
      method: options.method ?? 'GET',
      headers,
      credentials: 'include',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError({});
  }
  if (!response.ok) throw await errorFromResponse(response);
  if (options.responseType === 'blob') return (await response.blob()) as T;

  const json = await readJson(response);
  if (!options.schema) return json as T;
  // A 204 carries no body: the contract's reply for it is null.
  const parsed = z.safeParse(options.schema, response.status === 204 ? null : json);
  if (!parsed.success) {
    const unexpected = t('toast.unexpected');
    throw new ApiError({ status: response.status, message: unexpected, toastText: unexpected });
  }
  return parsed.data;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const transport: Transport = {
    fetch: deps.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    baseUrl: deps.baseUrl ?? API_PREFIX,
  };
  let refreshing: Promise<LoginReply | null> | null = null;

  function refresh(): Promise<LoginReply | null> {
    refreshing ??= refreshSession(transport, deps).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function sendWithRefresh<T>(path: string, options: RequestOptions<T>): Promise<T> {
    if (options.auth === false) return send(transport, path, options, null);

    const tokenUsed = deps.getAccessToken();
    try {
      return await send(transport, path, options, tokenUsed);
    } catch (error) {
      if (!(error instanceof ApiError) || !isAuthFailure(error)) throw error;
      // Another call may already have renewed the token while this one was in flight.
      const current = deps.getAccessToken();
      const renewed = current && current !== tokenUsed ? current : (await refresh())?.accessToken;
      if (!renewed) throw error;
      return send(transport, path, options, renewed);
    }
  }

  async function request<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    try {
      return await sendWithRefresh(path, options);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === ORG_EXPIRED) deps.onOrgExpired();
      if (options.notify !== false) deps.notifyError(error.toastText);
      throw error;
    }
  }

  function call<E extends Endpoint>(
    endpoint: E,
    ...[input, options]: CallArgs<E>
  ): Promise<EndpointReply<E>> {
    return request(callPath(endpoint, input), {
      ...options,
      method: endpoint.method,
      body: input?.body,
      schema: endpoint.reply as z.core.$ZodType<EndpointReply<E>>,
    });
  }

  return {
    call,
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    refresh,
  };
}
