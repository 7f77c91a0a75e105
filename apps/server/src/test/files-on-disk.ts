import { readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Every file under `dir`, relative to it and sorted, leaving out the disk store's sidecars and temp
 * files (their names start with '.'): what an upload left behind.
 */
export async function filesOnDisk(dir: string): Promise<string[]> {
  const files: string[] = [];
  const walk = async (at: string) => {
    for (const entry of await readdir(at, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (!entry.name.startsWith('.')) files.push(path.relative(dir, full));
    }
  };
  await walk(dir);
  return files.sort();
}
