import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

/** s3rver's built-in account. */
export const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * s3rver in a child process: it encrypts list continuation tokens with DES, which OpenSSL 3 keeps in
 * its legacy provider, so paging (more than 1000 keys) only works with --openssl-legacy-provider.
 */
const S3RVER_SCRIPT = `
const S3rver = require(process.argv[1]);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: process.argv[2],
  configureBuckets: [{ name: process.argv[3], configs: [] }] });
server.run().then(({ port }) => console.log(JSON.stringify({ port })));
process.stdin.on('end', () => server.close().then(() => process.exit(0)));
process.stdin.resume();
`;

/** A real S3-compatible server on loopback (s3rver) with `bucket`, its files in a temp directory. */
export async function startS3rver(bucket: string) {
  const directory = await mkdtemp(path.join(tmpdir(), 'playshop-s3rver-'));
  const child = spawn(
    process.execPath,
    [
      '--openssl-legacy-provider',
      '-e',
      S3RVER_SCRIPT,
      createRequire(import.meta.url).resolve('s3rver'),
      directory,
      bucket,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  const { port } = JSON.parse(line) as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      // Closing its stdin stops the server; the temp directory goes with it.
      const exited = once(child, 'exit');
      child.stdin!.end();
      await exited;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
