import type { Actor } from '../http/actor';
export interface AccessTokens {
    sign(actor: Actor): Promise<string>;
    verify(token: string): Promise<Actor>;
}
/** Short-lived access JWTs, HMAC-signed with the algorithm pinned on both sides. */
export declare function accessTokens(secret: string, ttlSeconds?: number): AccessTokens;
/** Opaque random tokens (refresh, reset): the raw value goes to the user, only its hash is stored. */
export declare function newOpaqueToken(): {
    raw: string;
    hash: string;
};
export declare function hashOpaqueToken(raw: string): string;
