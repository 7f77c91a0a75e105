import type { RoomReply } from '@playshop/shared';
import { vi } from 'vitest';
import type { Session } from '../api/session-store';

interface FakeCall {
  method: string;
  path: string;
  body: unknown;
}

type Reply = { status?: number; body?: unknown };
/** A reply, or one that comes later (a slow request, to order replies). */
type Handler = (call: FakeCall) => Reply | Promise<Reply>;

/**
 * Stands in for the API server in screen tests: answers fetch by "METHOD /path" (path under
 * /api/v1, decoded) and records every call.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = decodeURIComponent(url.pathname.replace(/^\/api\/v1/, ''));
    const method = init?.method ?? 'GET';
    const call = { method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const handler = handlers[`${method} ${path}`];
    const reply = handler
      ? await handler(call)
      : { status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } };
    return new Response(JSON.stringify(reply.body ?? {}), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}

/** A room of Demo Org (2) on its Demo Workshop (3), following the organization's language. */
export const blueRoom: RoomReply = {
  id: 5,
  name: 'Blue Room',
  workshopId: 3,
  workshop: { id: 3, name: 'Demo Workshop' },
  orgId: 2,
  sessions: [],
  language: null,
  effectiveLanguage: 'en',
};

export const sessionAs = (role: Session['user']['role']): Session => ({
  accessToken: 'token',
  user: { username: 'someone', org: 'Demo Org', orgId: 2, role, userId: 7 },
});
