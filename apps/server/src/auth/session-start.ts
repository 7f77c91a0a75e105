import { isStaffLanguage, type LoginReply, message, REFRESH_TOKEN_TTL_DAYS } from '@playshop/shared';
import type { Db } from '../db/client';
import { forbidden } from '../http/errors';
import { newSessionId, type SessionKind, type SignInClient } from '../sessions/sessions';
import { type AccessTokens, newOpaqueToken } from '../sessions/tokens';
import { sessionWriter } from './refresh-token-writer';
import { toActor, type UserRow } from './user-row';

export interface SessionTokens {
  reply: LoginReply;
  refreshToken: string;
  refreshExpiresAt: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A session's tokens: the access token in the reply (naming the session), the refresh token beside it. */
export function sessionStarter(db: Db, tokens: AccessTokens, now: () => Date) {
  const storeSession = sessionWriter(db);

  const sessionReply = async (
    user: UserRow,
    sessionId: string,
    refreshRaw: string,
    refreshExpiresAt: Date,
  ): Promise<SessionTokens> => {
    const actor = toActor(user);
    return {
      reply: {
        username: actor.username,
        org: actor.orgName,
        orgId: actor.orgId,
        role: actor.role,
        userId: actor.userId,
        accessToken: await tokens.sign({ ...actor, sessionId }),
        language: isStaffLanguage(user.language) ? user.language : null,
      },
      refreshToken: refreshRaw,
      refreshExpiresAt,
    };
  };

  const refreshExpiry = () => new Date(now().getTime() + REFRESH_TOKEN_TTL_DAYS * DAY_MS);

  /** A sign-in: a session row and its refresh family (the same id). */
  async function startSession(
    user: UserRow,
    kind: SessionKind,
    client: SignInClient,
  ): Promise<SessionTokens> {
    // Deactivated by the organization's directory (SCIM): no sign-in of any kind until reactivated.
    if (!user.active) throw forbidden(message('errors.accountDeactivated'), 'ACCOUNT_DEACTIVATED');
    const refresh = newOpaqueToken();
    const refreshExpiresAt = refreshExpiry();
    const id = newSessionId();
    // Sign-ins arriving together share one insert (refresh-token-writer.ts).
    await storeSession(
      { id, userId: user.id, orgId: user.orgId, kind, userAgent: client.userAgent, address: client.address },
      { userId: user.id, familyId: id, tokenHash: refresh.hash, expiresAt: refreshExpiresAt },
    );
    return sessionReply(user, id, refresh.raw, refreshExpiresAt);
  }

  return { sessionReply, refreshExpiry, startSession };
}

export type SessionStarter = ReturnType<typeof sessionStarter>;
