import { MATERIAL_NAME_MAX, MATERIAL_NAME_MAX_BYTES, message } from '@playshop/shared';
import { StorageError } from './errors';

/** Longest key segment in characters: the materials name limit, which every key's segments share. */
const KEY_SEGMENT_MAX_CHARS = MATERIAL_NAME_MAX;
/**
 * Longest key segment in UTF-8 bytes. File systems allow 255 bytes a name and the disk store's
 * sidecar adds 11 (`.{name}.meta.json`), so 120 characters of CJK or emoji can be too long for disk.
 */
const KEY_SEGMENT_MAX_BYTES = MATERIAL_NAME_MAX_BYTES;
/** Longest whole key in UTF-8 bytes: S3's limit. */
const KEY_MAX_BYTES = 1024;

const invalidKey = () => new StorageError('INVALID_FILE_NAME', message('errors.invalidFileName'));

/** C0 controls, DEL and C1 controls: terminals, headers and logs misread them. */
function hasControlCharacter(value: string): boolean {
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

function isSafeSegment(segment: string): boolean {
  return (
    segment.length > 0 &&
    // A leading dot covers '.', '..' and hidden files, and keeps the disk store's sidecars and temp
    // files (which all start with '.') out of the key space.
    !segment.startsWith('.') &&
    !segment.includes('\\') &&
    !hasControlCharacter(segment) &&
    [...segment].length <= KEY_SEGMENT_MAX_CHARS &&
    Buffer.byteLength(segment) <= KEY_SEGMENT_MAX_BYTES
  );
}

/**
 * Rejects keys that could leave the storage root or confuse a shell or browser: empty or dot
 * segments, a leading dot, backslashes, control characters, absolute paths, over-long names. Spaces,
 * parentheses, dashes and any other Unicode are fine ('Demo Workshop (2024)/Intro – Ünïcode.pdf').
 */
export function assertSafeKey(key: string): void {
  const ok = Buffer.byteLength(key) <= KEY_MAX_BYTES && key.split('/').every(isSafeSegment);
  if (!ok) throw invalidKey();
}

/** A folder prefix: a safe key followed by '/', e.g. 'documents/Demo Workshop/'. */
export function assertFolderPrefix(prefix: string): void {
  if (!prefix.endsWith('/')) throw invalidKey();
  assertSafeKey(prefix.slice(0, -1));
}

/** S3 keeps metadata names lowercase (they travel as `x-amz-meta-*` headers): both stores require it. */
const METADATA_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;
/** S3's limit on custom metadata, counted as the S3 store sends it (values percent-encoded). */
const METADATA_MAX_BYTES = 2048;

/**
 * Custom metadata that both stores keep exactly: lowercase names such as `uploaded-by`, any string
 * values, at most 2 KB in all.
 */
export function assertMetadata(metadata: Record<string, string>): void {
  let bytes = 0;
  for (const [name, value] of Object.entries(metadata)) {
    if (!METADATA_NAME.test(name) || typeof value !== 'string') {
      throw new StorageError(
        'INVALID_METADATA',
        message('errors.invalidMetadataName', { name: JSON.stringify(name) }),
      );
    }
    bytes += name.length + encodeURIComponent(value).length;
  }
  if (bytes > METADATA_MAX_BYTES)
    throw new StorageError('INVALID_METADATA', message('errors.metadataTooLong'));
}

/** S3's listing order (UTF-8 bytes), which both stores return so that pages and tests agree. */
export const compareKeys = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));
