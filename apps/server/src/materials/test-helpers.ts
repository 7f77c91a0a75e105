import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Storage } from '../storage/storage';

/** Puts a file with `content` into storage at `key`, as a finished upload would. */
export async function putMaterial(
  storage: Storage,
  key: string,
  content: string | Buffer = `bytes of ${key}`,
  contentType = 'application/octet-stream',
) {
  const dir = await mkdtemp(path.join(tmpdir(), 'playshop-material-'));
  try {
    const source = path.join(dir, 'source');
    await writeFile(source, content);
    return await storage.putFile(key, source, contentType, { 'uploaded-by': 'test' });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
