import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import validateStatement from '@learninglocker/xapi-validation';

/**
 * A learning record store on loopback for the xAPI tests: a real HTTP server taking
 * POST {endpoint}/statements as an LRS does (xAPI 1.0.3): the version header, Basic auth, each
 * statement checked against the xAPI 1.0.3 rules by Learning Locker's own validator (400 with its
 * warnings), an id it holds already is no new statement (409 when the content differs). It can be
 * told to refuse (any status) and be stopped and started again on the same port (down).
 */
export async function fakeLrs(credentials = { key: 'lrs-key', secret: 'lrs-secret' }) {
  const stored = new Map<string, unknown>();
  /** Every POST that reached it, with how many statements and the status it answered. */
  const posts: { statements: number; status: number }[] = [];
  let refuseWith: number | null = null;

  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  function answer(req: IncomingMessage, body: string): [number, unknown] {
    if (refuseWith !== null) return [refuseWith, { message: 'refused on purpose by the test' }];
    if (req.method !== 'POST' || !req.url?.endsWith('/xapi/statements'))
      return [404, { message: 'no such resource' }];
    if (req.headers['x-experience-api-version'] !== '1.0.3')
      return [400, { message: 'X-Experience-API-Version is missing' }];
    const expected = `Basic ${Buffer.from(`${credentials.key}:${credentials.secret}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return [401, { message: 'Unauthorized' }];
    const parsed = JSON.parse(body) as unknown;
    const statements = (Array.isArray(parsed) ? parsed : [parsed]) as { id: string }[];
    for (const statement of statements) {
      const warnings = validateStatement(statement);
      if (warnings.length > 0)
        return [
          400,
          { message: warnings.map((w) => `${w.path.join('.')}: ${w.constructor.name}`).join('; ') },
        ];
      const before = stored.get(statement.id);
      if (before !== undefined && JSON.stringify(before) !== JSON.stringify(statement))
        return [409, { message: `statement ${statement.id} exists with other content` }];
    }
    for (const statement of statements) stored.set(statement.id, statement);
    return [200, statements.map((s) => s.id)];
  }

  const server: Server = createServer(async (req, res) => {
    const body = await read(req);
    const [status, reply] = answer(req, body);
    let count = 0;
    try {
      const parsed = JSON.parse(body) as unknown;
      count = Array.isArray(parsed) ? parsed.length : 1;
    } catch {}
    posts.push({ statements: count, status });
    res.writeHead(status, { 'content-type': 'application/json', 'x-experience-api-version': '1.0.3' });
    res.end(JSON.stringify(reply));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}/xapi/`,
    ...credentials,
    /** Statements held, by id (each once, however often it was sent). */
    stored,
    posts,
    /** Every POST from now on answers `status` (null: as an LRS does). */
    refuse(status: number | null) {
      refuseWith = status;
    },
    /** Stops listening (connections refused) until `start`. */
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    start: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeLrs = Awaited<ReturnType<typeof fakeLrs>>;
