import { addressRefusal, publicFetch } from '../auth/sso/provider';

/** Where to send and with what: the LRS's xAPI endpoint and its Basic credentials. */
export interface LrsConnection {
  endpoint: string;
  key: string;
  secret: string;
}

/** A POST to an LRS: its status (null: no answer) and, when it refused, a line of what it said. */
export interface LrsAnswer {
  status: number | null;
  detail: string;
}

export type LrsFetch = (
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body: string;
    redirect: 'manual';
    signal: AbortSignal;
  },
) => Promise<Response>;

/**
 * How the server reaches learning record stores: in production over https to public addresses only
 * (the SSO providers' rule, auth/sso/provider.ts, checked again as each connection opens); with
 * SSO_ALLOW_PRIVATE_ISSUERS (development, tests) any address, plain http on this machine.
 */
export function lrsFetch(allowPrivate: boolean): LrsFetch {
  if (!allowPrivate) return (url, init) => publicFetch(url, init) as Promise<Response>;
  return (url, init) => fetch(url, init);
}

/** Why this endpoint may not be used, or null (decided before any connection, as for SSO issuers). */
export const endpointRefusal = (endpoint: string, allowPrivate: boolean) =>
  addressRefusal(new URL(endpoint), allowPrivate);

/** The statements resource under an endpoint (with or without its closing slash). */
export const statementsUrl = (endpoint: string) => `${endpoint.replace(/\/+$/, '')}/statements`;

const TIMEOUT_MS = 15_000;

/** What a refusal's body says, on one short line (an LRS answers JSON or text; never all of it). */
async function detailOf(response: Response): Promise<string> {
  const text = (await response.text().catch(() => '')).trim();
  let said = text;
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: unknown };
    const m = body.message ?? body.error;
    if (typeof m === 'string') said = m;
  } catch {}
  said = said.replace(/\s+/g, ' ');
  return said.length > 200 ? `${said.slice(0, 200)}…` : said || response.statusText || 'no reason given';
}

/** POSTs statements to the LRS (xAPI 1.0.3, Basic auth): what it answered. */
export async function postStatements(
  send: LrsFetch,
  lrs: LrsConnection,
  statements: unknown[],
): Promise<LrsAnswer> {
  try {
    const response = await send(statementsUrl(lrs.endpoint), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-experience-api-version': '1.0.3',
        authorization: `Basic ${Buffer.from(`${lrs.key}:${lrs.secret}`).toString('base64')}`,
      },
      body: JSON.stringify(statements),
      // A redirect could lead anywhere (another network): it is an answer, not followed.
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return { status: response.status, detail: '' };
    }
    return { status: response.status, detail: await detailOf(response) };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    const detail =
      e.name === 'TimeoutError' ? `no answer in ${TIMEOUT_MS / 1000} s` : (e.cause?.code ?? e.message);
    return { status: null, detail };
  }
}
