import { randomUUID } from 'node:crypto';
import { isStaffLanguage, type LoginReply, REFRESH_TOKEN_TTL_DAYS } from '@playshop/shared';
import type { Db } from '../db/client';
import { refreshTokenWriter } from './refresh-token-writer';
import { type AccessTokens, newOpaqueToken } from './tokens';
import { toActor, type UserRow } from './user-row';

export interface SessionTokens {
  reply: LoginReply;
  refreshToken: string;
  refreshExpiresAt: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A session's tokens: the access token in the reply, the refresh token beside it. */
export function sessionStarter(db: Db, tokens: AccessTokens, now: () => Date) {
  const storeRefreshToken = refreshTokenWriter(db);

  const sessionReply = async (
    user: UserRow,
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
        accessToken: await tokens.sign({ ...actor, tokenVersion: user.tokenVersion }),
        language: isStaffLanguage(user.language) ? user.language : null,
      },
      refreshToken: refreshRaw,
      refreshExpiresAt,
    };
  };

  const refreshExpiry = () => new Date(now().getTime() + REFRESH_TOKEN_TTL_DAYS * DAY_MS);

  /** A sign-in: a new refresh family. */
  async function startSession(user: UserRow): Promise<SessionTokens> {
    const refresh = newOpaqueToken();
    const refreshExpiresAt = refreshExpiry();
    // Sign-ins arriving together share one insert (refresh-token-writer.ts).
    await storeRefreshToken({
      userId: user.id,
      familyId: randomUUID(),
      tokenHash: refresh.hash,
      expiresAt: refreshExpiresAt,
    });
    return sessionReply(user, refresh.raw, refreshExpiresAt);
  }

  return { sessionReply, refreshExpiry, startSession };
}

export type SessionStarter = ReturnType<typeof sessionStarter>;
