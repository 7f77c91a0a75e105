import { english } from '@playshop/messages/english';
import type { Message } from '@playshop/shared';

/** The failures a store names, each with a stable code; http/errors.ts gives each its HTTP status. */
export type StorageErrorCode =
  | 'INVALID_FILE_NAME'
  | 'INVALID_METADATA'
  | 'INVALID_FOLDER_MOVE'
  | 'FOLDER_EXISTS'
  | 'FILE_FOLDER_CONFLICT'
  | 'STORAGE_FULL'
  | 'STORAGE_UNAVAILABLE'
  | 'STORAGE_UNAUTHORIZED'
  | 'storage/unauthorized'
  | 'STORAGE_ERROR';

/**
 * A store's failure the caller can act on (SPEC §8 storage error codes), in the store's own words:
 * storage knows nothing of HTTP, and the error handler maps it to a reply at the edge.
 */
export class StorageError extends Error {
  constructor(
    readonly code: StorageErrorCode,
    readonly text: Message,
  ) {
    super(english(text.key, text.params));
    this.name = 'StorageError';
  }
}
