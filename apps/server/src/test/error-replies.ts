import { expect } from 'vitest';

/** What `app.inject` answers, as far as these expectations read it. */
type Reply = { statusCode: number; json: () => unknown };

/** A refusal of one input field: 400 with the error's code, message, message key and field. */
export function expectFieldRefusal(res: Reply, code: string, message: string, key: string, field: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ code, message, key, field });
}

/** A delete refused because something still uses the target: 409 naming what uses it. */
export function expectInUse(res: Reply, code: string, message: string, key: string, names: string) {
  expect(res.statusCode).toBe(409);
  expect(res.json()).toEqual({ code, message, key, params: { names } });
}

/** A request over a rate limit: 429 with the limiter's code, message and message key. */
export function expectRateLimited(res: Reply, message: string) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ code: 'RATE_LIMITED', message, key: 'errors.tooManyRequests' });
}
