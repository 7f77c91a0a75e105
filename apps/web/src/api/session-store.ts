import type { LoginReply, Role, StaffLanguage } from '@playshop/shared';
import { createStore, type Store } from '../ui/store';

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

export type SessionStore = Store<Session | null>;

export function sessionFromReply(reply: LoginReply): Session {
  const { accessToken, username, org, orgId, role, userId, language = null } = reply;
  return { accessToken, user: { username, org, orgId, role, userId, language } };
}

export const createSessionStore = (initial: Session | null = null): SessionStore =>
  createStore<Session | null>(initial);

/** The app's one session. Components reach it through AuthProvider so tests can pass their own. */
export const sessionStore = createSessionStore();
