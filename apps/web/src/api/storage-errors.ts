import { MATERIAL_TEXTS } from '@playshop/shared';

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

const STORAGE_ERROR_MESSAGES: Record<Exclude<StorageErrorCode, 'unknown'>, string> = {
  'object-not-found': 'The upload is no longer on the server (it expired or was removed). Start it again.',
  unauthenticated: 'Your session has ended. Sign in again, then upload the file again.',
  unauthorized: 'You do not have permission to upload materials.',
  // A 413 (the 5 MB limit) reads 'File size too large' instead: see uploadFailureMessage.
  'quota-exceeded': 'File storage is full. Ask your administrator to make room, then upload again.',
  'retry-limit-exceeded':
    'The connection to the server was lost and retrying did not help. Check your connection, then press Resume.',
  canceled: 'Upload canceled',
  'invalid-url': 'The server gave an unusable upload address. Try again, and report the issue if it repeats.',
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
  if (failure.status === 413) return MATERIAL_TEXTS.fileTooLarge;
  if (code !== 'unknown') return STORAGE_ERROR_MESSAGES[code];
  if (failure.message) return failure.message;
  return failure.status && failure.status >= 500
    ? `The server failed to store the file (error ${failure.status}). Press Resume to try again.`
    : `The upload failed (error ${failure.status}).`;
}

/**
 * Failures after which the same upload can go on from where it stopped: the connection or the
 * server gave way, the upload itself is fine.
 */
export function canResumeAfter(failure: UploadFailure): boolean {
  const code = storageErrorCode(failure);
  return code === 'retry-limit-exceeded' || (code === 'unknown' && (failure.status ?? 0) >= 500);
}
