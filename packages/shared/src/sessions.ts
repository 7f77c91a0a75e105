import { z } from 'zod/mini';
import { endpoints, GET, POST } from './endpoint';
import { ZIdParam } from './schemas';

/** How a session began (the server's sign_in_sessions.kind). */
export const SESSION_KINDS = ['password', 'sso', 'two_factor', 'player', 'guest', 'lti'] as const;

/** One place a staff account is signed in. */
export const ZSignInSession = z.object({
  id: z.string(),
  kind: z.enum(SESSION_KINDS),
  userAgent: z.string(),
  address: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of the request that asked. */
  current: z.boolean(),
});
export type SignInSession = z.infer<typeof ZSignInSession>;

export const ZSessionIdParam = z.object({
  id: z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)),
});
const ZEnded = z.object({ ended: z.number() });

/** "Where you're signed in" (docs/security.md, Sessions). */
export const SESSIONS_API = endpoints(['sessions'], {
  mine: GET(
    { path: '/sessions', reply: z.array(ZSignInSession), access: 'manageOwnSessions' },
    "Where you're signed in: your live sessions, the current one marked",
  ),
  endMine: POST(
    { path: '/sessions/:id/end', params: ZSessionIdParam, reply: ZEnded, access: 'manageOwnSessions' },
    'Sign out one of your sessions (another device, or this one)',
  ),
  endOthers: POST(
    { path: '/sessions/end-others', reply: ZEnded, access: 'manageOwnSessions' },
    'Sign out every session of yours but this one',
  ),
  endUser: POST(
    { path: '/users/:id/sessions/end', params: ZIdParam, reply: ZEnded, access: 'signUsersOut' },
    'Sign a user of your organization out everywhere (a super admin: any user)',
  ),
});
