import { type StaffMessageId, t } from '../i18n/i18n';

/** SPEC §8 storage error codes, plus 'unknown' for a failure the server explains itself. */
type StorageErrorCode =
  | 'object-not-found'
  | 'unauthenticated'
  | 'unauthorized'
  | 'quota-exceeded'
  | 'retry-limit-exceeded'
  | 'canceled'
  | 'invalid-url'
  | 'unknown';

/** What is known about a failed upload: the last response's status and `{code, message}` body. */
export interface UploadFailure {
  /** undefined or 0: no response at all (offline, connection dropped) after every retry. */
  status?: number;
  code?: string;
  message?: string;
  /** The person pressed Cancel. */
  canceled?: boolean;
  /** The server answered without a usable upload address (tus Location header). */
  badUploadUrl?: boolean;
}

/** Each code's message in the staff catalogue (materials.upload*), in the reader's language. */
const STORAGE_ERROR_MESSAGES: Record<Exclude<StorageErrorCode, 'unknown'>, StaffMessageId> = {
  'object-not-found': 'materials.uploadExpired',
  unauthenticated: 'materials.uploadSessionEnded',
  unauthorized: 'materials.uploadNotAllowed',
  // A 413 (the 5 MB limit) reads 'File size too large' instead: see uploadFailureMessage.
  'quota-exceeded': 'materials.uploadStorageFull',
  'retry-limit-exceeded': 'materials.uploadConnectionLost',
  canceled: 'materials.uploadCanceled',
  'invalid-url': 'materials.uploadBadAddress',
};

export function storageErrorCode(failure: UploadFailure): StorageErrorCode {
  if (failure.canceled) return 'canceled';
  if (failure.badUploadUrl) return 'invalid-url';
  switch (failure.status) {
    case undefined:
    case 0:
      return 'retry-limit-exceeded';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'unauthorized';
    case 404:
    case 410:
      return 'object-not-found';
    case 413:
    case 507:
      return 'quota-exceeded';
    default:
      return 'unknown';
  }
}

/** The text shown for a failed upload: the code's message, or the server's own (e.g. a name taken). */
export function uploadFailureMessage(failure: UploadFailure): string {
  const code = storageErrorCode(failure);
  if (failure.status === 413) return t('materials.fileTooLarge');
  if (code !== 'unknown') return t(STORAGE_ERROR_MESSAGES[code]);
  if (failure.message) return failure.message;
  const status = String(failure.status);
  return failure.status && failure.status >= 500
    ? t('materials.uploadServerFailed', { status })
    : t('materials.uploadFailed', { status });
}

/**
 * Failures after which the same upload can go on from where it stopped: the connection or the
 * server gave way, the upload itself is fine.
 */
export function canResumeAfter(failure: UploadFailure): boolean {
  const code = storageErrorCode(failure);
  return code === 'retry-limit-exceeded' || (code === 'unknown' && (failure.status ?? 0) >= 500);
}
