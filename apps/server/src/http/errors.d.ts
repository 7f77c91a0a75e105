import type { FastifyInstance } from 'fastify';
/** An error meant for the caller: status, a stable code the client branches on, and a message to show. */
export declare class AppError extends Error {
    readonly code: string;
    readonly statusCode: number;
    readonly field?: string | undefined;
    constructor(code: string, statusCode: number, message: string, field?: string | undefined);
}
export declare const badRequest: (message: string, field?: string) => AppError;
export declare const unauthorized: (message?: string, code?: string) => AppError;
export declare const forbidden: (message?: string, code?: string) => AppError;
export declare const notFound: (message?: string) => AppError;
export declare const conflict: (message: string) => AppError;
/** The one error handler: every error leaves as `{message, code}` and no 5xx detail leaves the server. */
export declare function registerErrorHandler(app: FastifyInstance): void;
