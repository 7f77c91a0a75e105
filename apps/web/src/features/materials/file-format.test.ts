import { describe, expect, it } from 'vitest';
import { fileTypeLabel, formatBytes } from './file-format';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [200 * 1024, '200 KB'],
    [3 * 1024 * 1024, '3.0 MB'],
    [5 * 1024 * 1024, '5.0 MB'],
    [3 * 1024 ** 3, '3.0 GB'],
  ])('%d bytes read %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe('fileTypeLabel', () => {
  it('names the type by extension, else by media type', () => {
    expect(fileTypeLabel({ name: 'Handout.pdf', contentType: 'application/pdf' })).toBe('PDF');
    expect(fileTypeLabel({ name: 'notes', contentType: 'text/plain' })).toBe('text/plain');
    expect(fileTypeLabel({ name: '.hidden', contentType: '' })).toBe('Unknown');
  });
});
