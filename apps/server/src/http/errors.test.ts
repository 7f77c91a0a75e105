import { message } from '@playshop/shared';
import { describe, expect, it } from 'vitest';
import { StorageError } from '../storage/errors';
import { AppError, callerError } from './errors';

describe('a file store failure at the http edge', () => {
  it('keeps its code and words and gets the status of its code (storage itself knows no HTTP)', () => {
    const cases = [
      ['INVALID_FILE_NAME', 400],
      ['FOLDER_EXISTS', 409],
      ['STORAGE_FULL', 507],
      ['STORAGE_UNAVAILABLE', 503],
      ['STORAGE_UNAUTHORIZED', 502],
      ['storage/unauthorized', 503],
      ['STORAGE_ERROR', 502],
    ] as const;
    for (const [code, status] of cases) {
      const text = message('errors.storageFailed');
      const error = callerError(new StorageError(code, text));
      expect(error).toBeInstanceOf(AppError);
      expect(error, code).toMatchObject({ code, statusCode: status, text });
    }
  });

  it('passes every other error as it is', () => {
    const other = new Error('boom');
    expect(callerError(other)).toBe(other);
  });
});
