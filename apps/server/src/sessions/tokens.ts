import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, message, normalizeRole } from '@playshop/shared';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Actor } from '../http/actor';
import { unauthorized } from '../http/errors';

const ALGORITHM = 'HS256';
const ISSUER = 'playshop';
const AUDIENCE = 'playshop-api';

/** What a verified access token says: the caller and the session it was issued to (sessions/sessions.ts). */
export interface AccessClaims extends Actor {
  sessionId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A session id as every token carries it (a uuid: the database casts it). */
export const isSessionId = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

export interface AccessTokens {
  sign(claims: AccessClaims): Promise<string>;
  verify(token: string): Promise<AccessClaims>;
}

/** Short-lived access JWTs, HMAC-signed with the algorithm pinned on both sides. */
export function accessTokens(secret: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): AccessTokens {
  // A CryptoKey made once: given the raw secret, jose imports it again on every sign and verify.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    sign: async (actor) =>
      new SignJWT({
        role: actor.role,
        orgId: actor.orgId,
        org: actor.orgName,
        username: actor.username,
        sid: actor.sessionId,
      })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(actor.userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(await key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          // A token without an expiry would be good forever.
          requiredClaims: ['exp', 'iat', 'sub'],
        });
        const role = normalizeRole(payload.role);
        const userId = Number(payload.sub);
        const sessionId = payload.sid;
        if (
          !role ||
          !Number.isInteger(userId) ||
          typeof payload.orgId !== 'number' ||
          !isSessionId(sessionId)
        )
          throw unauthorized();
        return {
          sessionId,
          userId,
          role,
          orgId: payload.orgId,
          orgName: String(payload.org ?? ''),
          username: String(payload.username ?? ''),
        };
      } catch (err) {
        if (err instanceof errors.JWTExpired)
          throw unauthorized(message('errors.accessTokenExpired'), 'TOKEN_EXPIRED');
        throw unauthorized(message('errors.invalidAccessToken'), 'INVALID_TOKEN');
      }
    },
  };
}

/** Opaque random tokens (refresh, reset): the raw value goes to the user, only its hash is stored. */
export function newOpaqueToken(): { raw: string; hash: string } {
  const raw = randomBytes(32).toString('base64url');
  return { raw, hash: hashOpaqueToken(raw) };
}

export function hashOpaqueToken(raw: string): string {
  return createHash('sha256').update(raw).digest('hex');
}
