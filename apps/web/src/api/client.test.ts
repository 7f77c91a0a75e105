import { endpoint, ZOrgExpiryReply } from '@playshop/shared';
import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { activateLanguage, loadStaffMessages } from '../i18n/i18n';
import { type ApiClientDeps, ApiError, createApiClient } from './client';

type Call = {
  url: string;
  method: string;
  headers: Record<string, string>;
  credentials?: RequestCredentials;
};
type Handler = (call: Call) => Response | Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const loginReply = (accessToken: string, role = 'ADMIN') => ({
  username: 'ada',
  org: 'Acme',
  orgId: 1,
  role,
  userId: 7,
  accessToken,
});

/** A client on a fake fetch, with an in-memory token like the app's session store. */
function setup(handler: Handler, initialToken: string | null = 'old-token') {
  let token = initialToken;
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: (init?.headers ?? {}) as Record<string, string>,
      credentials: init?.credentials,
    };
    calls.push(call);
    return handler(call);
  });
  const deps = {
    fetch,
    getAccessToken: () => token,
    onRefreshed: vi.fn((reply) => {
      token = reply.accessToken;
    }),
    onSessionExpired: vi.fn(() => {
      token = null;
    }),
    onOrgExpired: vi.fn(),
    notifyError: vi.fn(),
  } satisfies ApiClientDeps;
  const client = createApiClient(deps);
  const refreshCalls = () => calls.filter((c) => c.url === '/api/v1/refresh');
  const dataCalls = () => calls.filter((c) => c.url !== '/api/v1/refresh');
  return { client, deps, calls, refreshCalls, dataCalls, getToken: () => token };
}

/** Answers 403 to the old token and 200 to the renewed one; /refresh hands out 'new-token'. */
const rotatingServer: Handler = ({ url, headers }) => {
  if (url === '/api/v1/refresh') return json(200, loginReply('new-token'));
  if (headers.authorization === 'Bearer new-token') return json(200, { expired: false });
  return json(403, { message: 'Token expired', code: 'FORBIDDEN' });
};

describe('api client', () => {
  it('sends the bearer token, credentials and the /api/v1 prefix, and parses the reply', async () => {
    const { client, calls } = setup(() => json(200, { expired: false }));
    const reply = await client.get('/check-org-expiry/1', { schema: ZOrgExpiryReply });
    expect(reply).toEqual({ expired: false });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/v1/check-org-expiry/1');
    expect(calls[0]?.headers.authorization).toBe('Bearer old-token');
    expect(calls[0]?.credentials).toBe('include');
  });

  it('hands back a file body as it came, renewing the token like any other call', async () => {
    const { client, refreshCalls } = setup(({ url, headers }) => {
      if (url === '/api/v1/refresh') return json(200, loginReply('new-token'));
      if (headers.authorization !== 'Bearer new-token') return json(403, { message: 'Token expired' });
      return new Response('name,won\nada,yes\n', { status: 200, headers: { 'content-type': 'text/csv' } });
    });
    const blob = await client.request<Blob>('/get-room-report/3', { responseType: 'blob' });
    expect(await blob.text()).toBe('name,won\nada,yes\n');
    expect(refreshCalls()).toHaveLength(1);
  });

  it('sends no token for public calls and does not try to refresh them', async () => {
    const { client, calls, deps } = setup(() =>
      json(401, { message: 'Invalid email or password', code: 'X' }),
    );
    await expect(client.post('/login', { email: 'a', password: 'b' }, { auth: false })).rejects.toThrow(
      ApiError,
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.authorization).toBeUndefined();
    expect(deps.notifyError).toHaveBeenCalledWith('Unauthorized: Invalid email or password');
  });

  it.each([401, 403])('on %i refreshes the token once and retries the call once with it', async (status) => {
    const { client, deps, refreshCalls, dataCalls, getToken } = setup(({ url, headers }) => {
      if (url === '/api/v1/refresh') return json(200, loginReply('new-token'));
      if (headers.authorization === 'Bearer new-token') return json(200, { expired: true });
      return json(status, { message: 'Token expired', code: 'UNAUTHENTICATED' });
    });

    await expect(client.get('/check-org-expiry/1', { schema: ZOrgExpiryReply })).resolves.toEqual({
      expired: true,
    });
    expect(refreshCalls()).toHaveLength(1);
    expect(refreshCalls()[0]?.method).toBe('POST');
    expect(refreshCalls()[0]?.headers['x-requested-with']).toBe('playshop');
    expect(refreshCalls()[0]?.credentials).toBe('include');
    expect(dataCalls().map((c) => c.headers.authorization)).toEqual(['Bearer old-token', 'Bearer new-token']);
    expect(getToken()).toBe('new-token');
    expect(deps.onRefreshed).toHaveBeenCalledTimes(1);
    expect(deps.notifyError).not.toHaveBeenCalled();
  });

  it('retries only once: a second refusal is the answer', async () => {
    const { client, deps, refreshCalls, dataCalls } = setup(({ url }) =>
      url === '/api/v1/refresh'
        ? json(200, loginReply('new-token'))
        : json(403, { message: 'You do not have permission to do this', code: 'FORBIDDEN' }),
    );
    const failure = await client.get('/getroombyid/1').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(403);
    expect(refreshCalls()).toHaveLength(1);
    expect(dataCalls()).toHaveLength(2);
    expect(deps.notifyError).toHaveBeenCalledTimes(1);
    expect(deps.notifyError).toHaveBeenCalledWith('Forbidden: You do not have permission to do this');
  });

  it('ends the session when the refresh is refused, and reports the original failure', async () => {
    const { client, deps, dataCalls, getToken } = setup(({ url }) =>
      url === '/api/v1/refresh'
        ? json(401, { message: 'Authentication required', code: 'UNAUTHENTICATED' })
        : json(401, { message: 'Authentication required', code: 'UNAUTHENTICATED' }),
    );
    await expect(client.get('/get-org-workshops/Acme')).rejects.toMatchObject({ status: 401 });
    expect(deps.onSessionExpired).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeNull();
    expect(dataCalls()).toHaveLength(1);
    expect(deps.notifyError).toHaveBeenCalledWith('Unauthorized: Authentication required');
  });

  it('makes concurrent 403s share a single refresh call', async () => {
    let releaseRefresh: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const { client, refreshCalls, dataCalls } = setup(async (call) => {
      if (call.url === '/api/v1/refresh') await refreshGate;
      return rotatingServer(call);
    });

    const results = Promise.all([
      client.get('/check-org-expiry/1'),
      client.get('/check-org-expiry/2'),
      client.get('/check-org-expiry/3'),
    ]);
    await waitFor(() => expect(refreshCalls()).toHaveLength(1));
    releaseRefresh();

    await expect(results).resolves.toHaveLength(3);
    expect(refreshCalls()).toHaveLength(1);
    expect(dataCalls()).toHaveLength(6);
    expect(dataCalls().filter((c) => c.headers.authorization === 'Bearer new-token')).toHaveLength(3);
  });

  it('retries without a new refresh when another call has renewed the token meanwhile', async () => {
    const { client, deps, refreshCalls, dataCalls } = setup(rotatingServer);
    // The call leaves with the old token; by the time its 403 arrives the store holds a new one.
    const seen = ['old-token', 'new-token'];
    deps.getAccessToken = () => (seen.length > 1 ? (seen.shift() ?? null) : (seen[0] ?? null));

    await expect(client.get('/check-org-expiry/1')).resolves.toEqual({ expired: false });
    expect(refreshCalls()).toHaveLength(0);
    expect(dataCalls().map((c) => c.headers.authorization)).toEqual(['Bearer old-token', 'Bearer new-token']);
  });

  it('does not retry ORG_EXPIRED: it reports the expiry and sends the user away', async () => {
    const { client, deps, calls } = setup(() =>
      json(403, { message: 'Organization license expired', code: 'ORG_EXPIRED' }),
    );
    await expect(client.get('/get-org-workshops/Acme')).rejects.toMatchObject({
      status: 403,
      code: 'ORG_EXPIRED',
    });
    expect(calls).toHaveLength(1);
    expect(deps.onOrgExpired).toHaveBeenCalledTimes(1);
    expect(deps.onRefreshed).not.toHaveBeenCalled();
    expect(deps.notifyError).toHaveBeenCalledWith('Forbidden: Organization license expired');
  });

  it.each([
    [400, { message: 'Name is required', code: 'VALIDATION' }, 'Bad Request: Name is required'],
    [400, {}, 'Bad Request: Invalid request data'],
    [404, { message: 'Room not found', code: 'NOT_FOUND' }, 'Not Found: Room not found'],
    [409, {}, 'Conflict: Duplicate entry'],
    [409, { message: 'Username taken', code: 'CONFLICT' }, 'Conflict: Username taken'],
    [
      429,
      { message: 'Too many attempts, please try again later', code: 'RATE_LIMITED' },
      'Error 429: Too many attempts, please try again later',
    ],
    [500, { message: 'Something broke', code: 'INTERNAL' }, 'Server Error: Something broke'],
    [503, { message: 'Down for maintenance', code: 'UNAVAILABLE' }, 'Error 503: Down for maintenance'],
  ])('toasts status %i as the error catalogue says', async (status, body, text) => {
    const { client, deps } = setup(() => json(status, body));
    await expect(client.post('/createroom', { name: 'x' })).rejects.toBeInstanceOf(ApiError);
    expect(deps.notifyError).toHaveBeenCalledTimes(1);
    expect(deps.notifyError).toHaveBeenCalledWith(text);
  });

  it("shows a server message by its key in the reader's language, and the English for an unknown key", async () => {
    await activateLanguage('de');
    await loadStaffMessages();
    try {
      const body = {
        message: 'This content is used by sessions: Fire Drill',
        code: 'CONTENT_IN_USE',
        key: 'errors.contentInUseBy',
        params: { names: 'Fire Drill' },
      };
      const { client, deps } = setup(() => json(409, body));
      const failure = await client.post('/x', {}).catch((error: unknown) => error);
      expect((failure as ApiError).message).toBe('Dieser Inhalt wird in Sitzungen verwendet: Fire Drill');
      expect(deps.notifyError).toHaveBeenCalledWith(
        'Konflikt: Dieser Inhalt wird in Sitzungen verwendet: Fire Drill',
      );
      const newer = setup(() =>
        json(400, { message: 'A newer text', code: 'X', key: 'errors.fromTheFuture' }),
      );
      const unknown = await newer.client.get('/x').catch((error: unknown) => error);
      expect((unknown as ApiError).message).toBe('A newer text');
    } finally {
      await activateLanguage('en');
    }
  });

  it('toasts a missing response as a network error', async () => {
    const { client, deps } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    const failure = await client.get('/getroombyid/1').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBeUndefined();
    expect(deps.notifyError).toHaveBeenCalledWith('Network Error: No response received from the server');
  });

  it('strips terminal control characters from server messages', async () => {
    const { client, deps } = setup(() => json(400, { message: 'bad\u001b[31m name\u0007', code: 'X' }));
    const failure = await client.get('/x').catch((error: unknown) => error);
    expect((failure as ApiError).message).toBe('bad[31m name');
    expect(deps.notifyError).toHaveBeenCalledWith('Bad Request: bad[31m name');
  });

  it('stays quiet when asked to (the login forms show their own toast)', async () => {
    const { client, deps } = setup(() =>
      json(404, { message: 'No player with that username', code: 'UNKNOWN_PLAYER' }),
    );
    const failure = await client
      .post('/participantLogin', { username: 'x' }, { auth: false, notify: false })
      .catch((error: unknown) => error);
    expect((failure as ApiError).message).toBe('No player with that username');
    expect((failure as ApiError).code).toBe('UNKNOWN_PLAYER');
    expect(deps.notifyError).not.toHaveBeenCalled();
  });

  it('reports a reply of the wrong shape as an unexpected error', async () => {
    const { client, deps } = setup(() => json(200, { expired: 'nope' }));
    await expect(client.get('/check-org-expiry/1', { schema: ZOrgExpiryReply })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(deps.notifyError).toHaveBeenCalledWith('An unexpected error occurred');
  });

  it('returns undefined for an empty 204 reply', async () => {
    const { client } = setup(() => new Response(null, { status: 204 }));
    await expect(client.post('/logout')).resolves.toBeUndefined();
  });

  it('refresh() shares one call, normalises the role spelling and hands the reply over', async () => {
    const { client, deps, refreshCalls } = setup(() => json(200, loginReply('fresh', 'Admin')), null);
    const [a, b] = await Promise.all([client.refresh(), client.refresh()]);
    expect(refreshCalls()).toHaveLength(1);
    expect(a?.role).toBe('ADMIN');
    expect(b).toBe(a);
    expect(deps.onRefreshed).toHaveBeenCalledWith(
      expect.objectContaining({ accessToken: 'fresh', role: 'ADMIN' }),
    );
  });

  it.each([429, 500, 503])('refresh() keeps the session when the server answers %i', async (status) => {
    const { client, deps } = setup(() => json(status, { message: 'busy', code: 'X' }));
    await expect(client.refresh()).resolves.toBeNull();
    expect(deps.onSessionExpired).not.toHaveBeenCalled();
  });

  it('refresh() keeps the session when the network is down', async () => {
    const { client, deps } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.refresh()).resolves.toBeNull();
    expect(deps.onSessionExpired).not.toHaveBeenCalled();
  });
});

describe('api.call (by contract)', () => {
  const rename = endpoint({
    method: 'PATCH',
    path: '/rename-folder/:folder/:id',
    params: z.object({ folder: z.string(), id: z.coerce.number() }),
    query: z.object({ page: z.number().optional(), search: z.string().optional() }),
    body: z.object({ name: z.string() }),
    reply: z.object({ name: z.string() }),
    access: 'manageMaterials',
    summary: 'test endpoint',
    tags: ['test'],
  });

  function recordingClient(reply: unknown) {
    const sent: { url: string; method?: string; body?: BodyInit | null }[] = [];
    const client = createApiClient({
      fetch: vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        sent.push({ url: String(input), method: init?.method, body: init?.body });
        return json(200, reply);
      }),
      getAccessToken: () => 'token',
      onRefreshed: vi.fn(),
      onSessionExpired: vi.fn(),
      onOrgExpired: vi.fn(),
      notifyError: vi.fn(),
    });
    return { client, sent };
  }

  it("fills the path's segments URI-encoded, adds the defined query entries and sends the body with the endpoint's method", async () => {
    const { client, sent } = recordingClient({ name: 'New' });
    const reply = await client.call(rename, {
      params: { folder: 'a b/c', id: 7 },
      query: { page: 2, search: undefined },
      body: { name: 'New' },
    });
    expect(reply).toEqual({ name: 'New' });
    expect(sent).toEqual([
      { url: '/api/v1/rename-folder/a%20b%2Fc/7?page=2', method: 'PATCH', body: '{"name":"New"}' },
    ]);
  });

  it('resolves a 204 without a body as null for an endpoint whose reply is null', async () => {
    const logout = endpoint({
      method: 'POST',
      path: '/logout',
      reply: z.null(),
      status: 204,
      access: 'public',
      summary: 'test endpoint',
      tags: ['test'],
    });
    const client = createApiClient({
      fetch: vi.fn(async () => new Response(null, { status: 204 })),
      getAccessToken: () => null,
      onRefreshed: vi.fn(),
      onSessionExpired: vi.fn(),
      onOrgExpired: vi.fn(),
      notifyError: vi.fn(),
    });
    await expect(client.call(logout)).resolves.toBeNull();
  });

  it("rejects a reply that does not match the endpoint's reply schema", async () => {
    const { client } = recordingClient({ title: 'wrong shape' });
    await expect(
      client.call(rename, { params: { folder: 'f', id: 1 }, body: { name: 'x' } }, { notify: false }),
    ).rejects.toMatchObject({ message: 'An unexpected error occurred' });
  });
});
