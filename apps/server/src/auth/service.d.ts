import { type LoginReply } from '@playshop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Mailer } from '../mail/mailer';
import { type AccessTokens } from './tokens';
export interface AuthDeps {
    db: Db;
    tokens: AccessTokens;
    mailer: Mailer;
    publicUrl: string;
    log: FastifyBaseLogger;
    now?: () => Date;
}
export interface SessionTokens {
    reply: LoginReply;
    refreshToken: string;
    refreshExpiresAt: Date;
}
export declare function authService({ db, tokens, mailer, publicUrl, log, now }: AuthDeps): {
    /** Staff sign in by email and password. Players have no password and cannot use this. */
    login(email: string, password: string): Promise<SessionTokens>;
    /** Players sign in with their username alone (SPEC §1). */
    participantLogin(username: string): Promise<SessionTokens>;
    /**
     * Rotates a refresh token. A token that was already used (or revoked) means it leaked:
     * the whole family is revoked and the caller must sign in again.
     */
    refresh(raw: string | undefined): Promise<SessionTokens>;
    logout(raw: string | undefined): Promise<void>;
    /**
     * Mails a single-use reset link to a staff account. Returns as soon as the token is stored
     * or found missing; the mail is sent in the background so timing does not tell them apart.
     */
    requestReset(email: string): Promise<void>;
    /** Sets a new password with a valid reset token, spends the token and signs out every session. */
    resetPassword(raw: string, password: string): Promise<void>;
};
export type AuthService = ReturnType<typeof authService>;
