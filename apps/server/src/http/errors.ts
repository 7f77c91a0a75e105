import { ERRORS, stripControlChars } from '@playshop/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from './db-errors';

/** An error meant for the caller: status, a stable code the client branches on, and a message to show. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** 429 `RATE_LIMITED`; the error handler sends `retryAfterSeconds` as the Retry-After header. */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', 429, ERRORS.tooManyRequests);
  }
}

export const badRequest = (message: string, field?: string) =>
  new AppError('BAD_REQUEST', 400, message, field);
export const unauthorized = (message: string = ERRORS.unauthenticated, code = 'UNAUTHENTICATED') =>
  new AppError(code, 401, message);
export const forbidden = (message: string = ERRORS.forbidden, code = 'FORBIDDEN') =>
  new AppError(code, 403, message);
export const notFound = (message: string = ERRORS.notFound) => new AppError('NOT_FOUND', 404, message);
export const conflict = (message: string) => new AppError('CONFLICT', 409, message);

/** What a request meets while the database is out of reach, and when to try again (seconds). */
export const DATABASE_UNAVAILABLE = 'The service is unavailable for a moment, please try again';
const DATABASE_RETRY_AFTER_S = 5;

interface ErrorBody {
  message: string;
  code: string;
  field?: string;
}

/** The one error handler: every error leaves as `{message, code}` and no 5xx detail leaves the server. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let body: ErrorBody = { message: 'Internal server error', code: 'INTERNAL' };

    if (error instanceof AppError) {
      status = error.statusCode;
      const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
      if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      body = { message: error.message, code: error.code, ...(error.field ? { field: error.field } : {}) };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue?.instancePath.replace(/^\//, '').replace(/\//g, '.') || undefined;
      status = 400;
      body = {
        message: issue?.message ?? 'Invalid request data',
        code: 'VALIDATION_ERROR',
        ...(field ? { field } : {}),
      };
    } else if (isDatabaseUnavailable(error)) {
      // A database restart or network blip: the client may simply try again, so not a 500.
      status = 503;
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
      body = { message: DATABASE_UNAVAILABLE, code: 'DATABASE_UNAVAILABLE' };
      request.log.warn({ err: { message: error.message } }, 'database unavailable');
    } else if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'reply does not match its schema');
    } else if (error.statusCode === 429) {
      status = 429;
      body = { message: ERRORS.tooManyRequests, code: 'RATE_LIMITED' };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors: bad JSON, body too large, unsupported media type, …
      status = error.statusCode;
      body = { message: error.message, code: error.code ?? 'BAD_REQUEST' };
    }

    if (status >= 500 && body.code !== 'DATABASE_UNAVAILABLE')
      request.log.error({ err: error }, 'request failed');
    body.message = stripControlChars(body.message);
    return reply.status(status).send(body);
  });
}
