import { english, isMessageKey } from '@playshop/messages/english';
import { keyFields, type Message, message, stripControlChars } from '@playshop/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { Db } from '../db/client';
import { StorageError, type StorageErrorCode } from '../storage/errors';
import { isDatabaseOutage, isDatabaseUnavailable } from './db-errors';

/**
 * An error meant for the caller: status, a stable code the client branches on, and a message (a key
 * of @playshop/messages with its values), sent with its English text filled in here, at the edge.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    readonly text: Message,
    readonly field?: string,
  ) {
    super(english(text.key, text.params));
    this.name = 'AppError';
  }
}

/** 429 `RATE_LIMITED`; the error handler sends `retryAfterSeconds` as the Retry-After header. */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', 429, message('errors.tooManyRequests'));
  }
}

export const badRequest = (text: Message, field?: string) => new AppError('BAD_REQUEST', 400, text, field);
export const unauthorized = (text = message('errors.unauthenticated'), code = 'UNAUTHENTICATED') =>
  new AppError(code, 401, text);
export const forbidden = (text = message('errors.forbidden'), code = 'FORBIDDEN') =>
  new AppError(code, 403, text);
export const notFound = (text = message('errors.notFound')) => new AppError('NOT_FOUND', 404, text);
export const conflict = (text: Message) => new AppError('CONFLICT', 409, text);

/** How long a client waits before trying again while the database or Redis is out of reach (seconds). */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

/** 503 with Retry-After: a part the server needs (the database, Redis, the live game) is away for a moment. */
export class UnavailableError extends AppError {
  readonly retryAfterSeconds = UNAVAILABLE_RETRY_AFTER_S;
  constructor(code = 'SERVICE_UNAVAILABLE') {
    super(code, 503, message('errors.databaseUnavailable'));
  }
}

/** The HTTP status of each of the file store's failures (storage/errors.ts). */
const STORAGE_STATUS: Record<StorageErrorCode, number> = {
  INVALID_FILE_NAME: 400,
  INVALID_METADATA: 400,
  INVALID_FOLDER_MOVE: 400,
  FOLDER_EXISTS: 409,
  FILE_FOLDER_CONFLICT: 409,
  STORAGE_FULL: 507,
  STORAGE_UNAVAILABLE: 503,
  STORAGE_UNAUTHORIZED: 502,
  'storage/unauthorized': 503,
  STORAGE_ERROR: 502,
};

/** An error for the caller: a store's failure gets its code's status here, at the edge; others pass. */
export function callerError(error: unknown): unknown {
  return error instanceof StorageError
    ? new AppError(error.code, STORAGE_STATUS[error.code], error.text)
    : error;
}

interface ErrorBody<C extends string = string> {
  message: string;
  code: C;
  field?: string;
  key?: string;
  params?: Record<string, string | number>;
}

/** The body of an error reply: the English text (from the English catalogue), the code, the key and values. */
export const errorBody = <C extends string>(text: Message, code: C): ErrorBody<C> => ({
  message: english(text.key, text.params),
  code,
  ...keyFields(text),
});

/**
 * The one error handler: every error leaves as `{message, code}` and no 5xx detail leaves the server.
 * With `db`, a failure while the database does not answer is the outage's 503, whatever its words.
 */
export function registerErrorHandler(app: FastifyInstance, db?: Db): void {
  app.setErrorHandler(async (thrown: FastifyError, request, reply) => {
    const error = callerError(thrown) as FastifyError;
    let status = 500;
    // Written once each: an AppError's English was filled in when it was made, the 500's only when needed.
    let body: ErrorBody | undefined;

    if (error instanceof AppError) {
      status = error.statusCode;
      const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
      if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      body = {
        message: error.message,
        code: error.code,
        ...keyFields(error.text),
        ...(error.field ? { field: error.field } : {}),
      };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue?.instancePath.replace(/^\//, '').replace(/\//g, '.') || undefined;
      status = 400;
      // A schema's own text is a key; zod's built-in wording (a length, a type) is English only.
      const text = issue?.message ?? 'validation.invalidRequest';
      body = {
        ...(isMessageKey(text)
          ? errorBody(message(text), 'VALIDATION_ERROR')
          : { message: text, code: 'VALIDATION_ERROR' }),
        ...(field ? { field } : {}),
      };
    } else if (isDatabaseUnavailable(error)) {
      // A database restart or network blip: the client may simply try again, so not a 500.
      ({ status, body } = databaseDown(request, reply, error));
    } else if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'reply does not match its schema');
    } else if (error.statusCode === 429) {
      status = 429;
      body = errorBody(message('errors.tooManyRequests'), 'RATE_LIMITED');
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors: bad JSON, body too large, unsupported media type, …
      status = error.statusCode;
      body = { message: error.message, code: error.code ?? 'BAD_REQUEST' };
    } else if (db && (await isDatabaseOutage(error, db))) {
      ({ status, body } = databaseDown(request, reply, error));
    }

    body ??= errorBody(message('errors.internal'), 'INTERNAL');
    // An outage is logged where it is noticed (database unavailable, Redis unavailable), not per request.
    if (status >= 500 && body.code !== 'DATABASE_UNAVAILABLE' && body.code !== 'SERVICE_UNAVAILABLE')
      request.log.error({ err: error }, 'request failed');
    body.message = stripControlChars(body.message);
    return reply.status(status).send(body);
  });
}

function databaseDown(request: FastifyRequest, reply: FastifyReply, error: Error) {
  reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S));
  request.log.warn({ err: { message: error.message } }, 'database unavailable');
  return { status: 503, body: errorBody(message('errors.databaseUnavailable'), 'DATABASE_UNAVAILABLE') };
}
