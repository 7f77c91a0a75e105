import { message } from '@playshop/shared';
import { AppError, callerError } from '../http/errors';

/**
 * A storage failure as an error the caller can act on (SPEC §8 storage error codes, server side).
 * The store's own errors (an invalid name, a folder that exists) keep their code; a full disk or
 * bucket, an unreachable store and anything else get their own code. The cause goes to the log only.
 */
export function storageFailure(thrown: unknown): AppError {
  const error = callerError(thrown);
  if (error instanceof AppError) return error;
  const { code, name } = (error ?? {}) as { code?: string; name?: string };
  if (code === 'ENOSPC' || code === 'EDQUOT' || name === 'QuotaExceeded' || name === 'EntityTooLarge')
    return new AppError('STORAGE_FULL', 507, message('errors.storageFull'));
  if (
    code === 'ECONNREFUSED' ||
    code === 'ECONNRESET' ||
    code === 'ETIMEDOUT' ||
    code === 'ENOTFOUND' ||
    name === 'TimeoutError' ||
    name === 'SlowDown' ||
    name === 'ServiceUnavailable'
  )
    return new AppError('STORAGE_UNAVAILABLE', 503, message('errors.storageUnavailable'));
  if (name === 'AccessDenied' || name === 'InvalidAccessKeyId' || name === 'SignatureDoesNotMatch')
    return new AppError('STORAGE_UNAUTHORIZED', 502, message('errors.storageRefused'));
  return new AppError('STORAGE_ERROR', 502, message('errors.storageFailed'));
}
