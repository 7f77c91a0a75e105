import type { LoginReply, Role, StaffLanguage } from '@playshop/shared';

/** Who is logged in (SPEC §3 auth user, without the token). */
export interface AuthUser {
  username: string;
  org: string;
  orgId: number;
  role: Role;
  userId: number;
  /** A staff member's language of the staff screens, kept with the account (null: the browser's). */
  language?: StaffLanguage | null;
}

/** The access token lives here, in memory only: never in localStorage or a readable cookie. */
export interface Session {
  user: AuthUser;
  accessToken: string;
}

export interface SessionStore {
  get(): Session | null;
  set(session: Session | null): void;
  subscribe(listener: () => void): () => void;
}

export function sessionFromReply(reply: LoginReply): Session {
  const { accessToken, username, org, orgId, role, userId, language = null } = reply;
  return { accessToken, user: { username, org, orgId, role, userId, language } };
}

export function createSessionStore(initial: Session | null = null): SessionStore {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(session) {
      if (session === current) return;
      current = session;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one session. Components reach it through AuthProvider so tests can pass their own. */
export const sessionStore = createSessionStore();
