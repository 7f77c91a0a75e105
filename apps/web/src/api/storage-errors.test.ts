import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../i18n/i18n';
import { canResumeAfter, storageErrorCode, uploadFailureMessage } from './storage-errors';

describe('storage error mapping', () => {
  it.each([
    [{ status: 0 }, 'retry-limit-exceeded'],
    [{}, 'retry-limit-exceeded'],
    [{ status: 401 }, 'unauthenticated'],
    [{ status: 403 }, 'unauthorized'],
    [{ status: 404 }, 'object-not-found'],
    [{ status: 410 }, 'object-not-found'],
    [{ status: 413, code: 'FILE_TOO_LARGE' }, 'quota-exceeded'],
    [{ status: 507, code: 'STORAGE_FULL' }, 'quota-exceeded'],
    [{ canceled: true, status: 0 }, 'canceled'],
    [{ badUploadUrl: true, status: 201 }, 'invalid-url'],
    [{ status: 409, code: 'FILE_EXISTS' }, 'unknown'],
    [{ status: 500 }, 'unknown'],
  ] as const)('%j is %s', (failure, code) => {
    expect(storageErrorCode(failure)).toBe(code);
  });

  it("says 'File size too large' for the server's 413 (SPEC §5)", () => {
    expect(
      uploadFailureMessage({ status: 413, code: 'FILE_TOO_LARGE', message: 'File size too large' }),
    ).toBe('File size too large');
  });

  it('explains the storage codes in words, not codes', () => {
    expect(uploadFailureMessage({ status: 401 })).toBe(
      'Your session has ended. Sign in again, then upload the file again.',
    );
    expect(uploadFailureMessage({ status: 403 })).toBe('You do not have permission to upload materials.');
    expect(uploadFailureMessage({ canceled: true })).toBe('Upload canceled');
    expect(uploadFailureMessage({ status: 507, code: 'STORAGE_FULL' })).toMatch(/^File storage is full/);
    expect(uploadFailureMessage({ status: 0 })).toMatch(/connection to the server was lost.*Resume/);
  });

  it("passes on the server's own message for failures it explains (a name taken, a bad name)", () => {
    const exists = 'A file with this name already exists in this folder';
    expect(uploadFailureMessage({ status: 409, code: 'FILE_EXISTS', message: exists })).toBe(exists);
    expect(uploadFailureMessage({ status: 400 })).toBe('The upload failed (error 400).');
    expect(uploadFailureMessage({ status: 502 })).toMatch(/error 502.*Resume/);
  });

  it('offers Resume only when the upload itself is still good', () => {
    expect(canResumeAfter({ status: 0 })).toBe(true);
    expect(canResumeAfter({ status: 503 })).toBe(true);
    expect(canResumeAfter({ status: 413 })).toBe(false);
    expect(canResumeAfter({ status: 507 })).toBe(false);
    expect(canResumeAfter({ status: 409, code: 'FILE_EXISTS' })).toBe(false);
    expect(canResumeAfter({ status: 404 })).toBe(false);
    expect(canResumeAfter({ canceled: true })).toBe(false);
  });

  describe('in the reader’s language', () => {
    afterEach(() => activateLanguage('en'));

    it('says it in German for a German staff member', async () => {
      await activateLanguage('de');
      expect(uploadFailureMessage({ canceled: true })).toBe('Upload abgebrochen');
      expect(uploadFailureMessage({ status: 413 })).toBe('Die Datei ist zu groß');
      expect(uploadFailureMessage({ status: 400 })).toBe('Der Upload ist fehlgeschlagen (Fehler 400).');
    });
  });
});
