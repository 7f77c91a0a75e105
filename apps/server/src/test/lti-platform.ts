/**
 * A fake LTI 1.3 platform (a learning management system) on loopback, for the LTI tests: its own
 * RS256 keys (jose) and keyset, a course page that starts a third-party login at the tool, an OIDC
 * auth endpoint answering with a signed id_token by form post, a client-credentials token endpoint
 * that checks the tool's signed assertion, AGS line items whose scores it records and gives back,
 * and a deep linking return address that checks the tool's signature on the response.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, exportJWK, generateKeyPair, type JSONWebKeySet, jwtVerify, SignJWT } from 'jose';
import { escapeHtml } from '../http/html';

const LTI = 'https://purl.imsglobal.org/spec/lti/claim';
const SCORE_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';

/** One launch the course page starts: who, as what, into which link; the overrides make it wrong. */
export interface PlatformLaunch {
  sub: string;
  name?: string;
  roles?: string[];
  messageType?: 'LtiResourceLinkRequest' | 'LtiDeepLinkingRequest';
  custom?: Record<string, string>;
  resourceLinkId?: string;
  /** The line item the link's AGS claim names (created with `lineItem`). */
  lineItemUrl?: string;
  deploymentId?: string;
  /** Overrides of the id_token's claims (aud, exp, iat, nonce, iss, …). */
  claims?: Record<string, unknown>;
}

export interface ReceivedScore {
  lineItem: string;
  userId: string;
  scoreGiven: number;
  scoreMaximum: number;
  activityProgress: string;
  gradingProgress: string;
}

export interface TestLtiPlatform {
  issuer: string;
  clientId: string;
  deploymentId: string;
  authUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  /** The platform's registration as Settings › LTI takes it. */
  registration(deploymentIds?: string[]): Record<string, unknown>;
  /** A launch to start: the login hint naming it. */
  prepare(launch: PlatformLaunch): string;
  /** The course page's address for a prepared launch (it posts the login initiation to the tool). */
  coursePage(hint: string): string;
  /** The id_tokens the auth endpoint signed, last first. */
  idTokens: string[];
  /** A line item; its address. */
  lineItem(label: string): string;
  /** Scores received, as the results endpoint gives them back. */
  results(lineItemUrl: string): Promise<{ userId: string; resultScore: number; resultMaximum: number }[]>;
  scores: ReceivedScore[];
  /** Deep linking responses whose signature checked out: their content items. */
  deepLinks: { items: Record<string, unknown>[]; data: unknown }[];
  /** Answers the next `n` score posts with 503 (a platform down for a while). */
  failNextScores(n: number): void;
  close(): Promise<void>;
}

const readForm = async (req: IncomingMessage) => {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
};
const autoPost = (action: string, fields: Record<string, string>) =>
  `<!doctype html><html lang="en"><title>Platform</title><body><form id="f" method="post" action="${escapeHtml(action)}">${Object.entries(
    fields,
  )
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('')}</form><script>document.getElementById('f').submit()</script></body></html>`;

function send(res: ServerResponse, status: number, body: string, type = 'text/html; charset=utf-8') {
  res.writeHead(status, { 'content-type': type });
  res.end(body);
}

/**
 * Starts the platform for a tool whose addresses are `tool` (its login, launch and keyset); `toolJwks`
 * reads the tool's published keyset (over HTTP, or through the app's inject in API tests).
 */
export async function startLtiPlatform(tool: {
  loginUrl: string;
  launchUrl: string;
  toolJwks: () => Promise<JSONWebKeySet>;
}): Promise<TestLtiPlatform> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] };
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = `playshop-${randomUUID().slice(0, 8)}`;
  const deploymentId = 'deployment-1';
  const launches = new Map<string, PlatformLaunch>();
  const lineItems = new Map<string, string>();
  const tokens = new Set<string>();
  let failScores = 0;

  const urls = { authUrl: `${issuer}/auth`, tokenUrl: `${issuer}/token`, jwksUrl: `${issuer}/jwks` };

  const platform: TestLtiPlatform = {
    issuer,
    clientId,
    deploymentId,
    ...urls,
    registration: (deploymentIds = [deploymentId]) => ({ issuer, clientId, deploymentIds, ...urls }),
    prepare(launch) {
      const hint = randomUUID();
      launches.set(hint, launch);
      return hint;
    },
    coursePage: (hint) => `${issuer}/course?hint=${hint}`,
    idTokens: [],
    lineItem(label) {
      const id = randomUUID();
      lineItems.set(id, label);
      // A query string, as some platforms have: the scores address keeps it.
      return `${issuer}/lineitems/${id}?course=1`;
    },
    async results(lineItemUrl) {
      const url = new URL(lineItemUrl);
      url.pathname += '/results';
      const res = await fetch(url, {
        headers: { accept: 'application/vnd.ims.lis.v2.resultcontainer+json' },
      });
      return (await res.json()) as { userId: string; resultScore: number; resultMaximum: number }[];
    },
    scores: [],
    deepLinks: [],
    failNextScores(n) {
      failScores = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const toolKeys = async () => createLocalJWKSet(await tool.toolJwks());

  /** The id_token of a prepared launch, signed by the platform (overrides applied last). */
  async function idToken(launch: PlatformLaunch, nonce: string) {
    const messageType = launch.messageType ?? 'LtiResourceLinkRequest';
    const claims: Record<string, unknown> = {
      nonce,
      name: launch.name ?? 'Lee Learner',
      given_name: (launch.name ?? 'Lee Learner').split(' ')[0],
      family_name: (launch.name ?? 'Lee Learner').split(' ').slice(1).join(' '),
      [`${LTI}/message_type`]: messageType,
      [`${LTI}/version`]: '1.3.0',
      [`${LTI}/deployment_id`]: launch.deploymentId ?? deploymentId,
      [`${LTI}/target_link_uri`]: tool.launchUrl,
      [`${LTI}/roles`]: launch.roles ?? ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
      [`${LTI}/context`]: { id: 'course-1', title: 'Safety 101' },
      ...(messageType === 'LtiResourceLinkRequest'
        ? {
            [`${LTI}/resource_link`]: { id: launch.resourceLinkId ?? 'link-1' },
            [`${LTI}/custom`]: launch.custom ?? {},
            ...(launch.lineItemUrl
              ? {
                  'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
                    scope: [SCORE_SCOPE],
                    lineitem: launch.lineItemUrl,
                  },
                }
              : {}),
          }
        : {
            'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings': {
              deep_link_return_url: `${issuer}/deep-link-return`,
              accept_types: ['ltiResourceLink'],
              data: 'platform-data-1',
            },
          }),
    };
    const now = Math.floor(Date.now() / 1000);
    const payload = {
      iss: issuer,
      sub: launch.sub,
      aud: clientId,
      iat: now,
      exp: now + 300,
      ...claims,
      ...launch.claims,
    };
    return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid }).sign(privateKey);
  }

  /** The token endpoint: client credentials with the tool's signed assertion (RFC 7523). */
  async function token(body: string, res: ServerResponse) {
    const form = new URLSearchParams(body);
    try {
      if (form.get('grant_type') !== 'client_credentials') throw new Error('grant_type');
      if (form.get('scope') !== SCORE_SCOPE) throw new Error('scope');
      await jwtVerify(form.get('client_assertion') ?? '', await toolKeys(), {
        issuer: clientId,
        subject: clientId,
        audience: platform.tokenUrl,
      });
    } catch {
      return send(res, 400, JSON.stringify({ error: 'invalid_client' }), 'application/json');
    }
    const accessToken = randomUUID();
    tokens.add(accessToken);
    send(
      res,
      200,
      JSON.stringify({
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: 3600,
        scope: SCORE_SCOPE,
      }),
      'application/json',
    );
  }

  /** A line item's scores (POST, bearer token) and results (GET). */
  function lineItemRoute(req: IncomingMessage, url: URL, body: string, res: ServerResponse) {
    const [, , id, what] = url.pathname.split('/');
    if (!id || !lineItems.has(id)) return send(res, 404, 'no such line item');
    const lineItem = `${issuer}/lineitems/${id}?course=1`;
    if (what === 'results' && req.method === 'GET') {
      const latest = new Map<string, ReceivedScore>();
      for (const s of platform.scores) if (s.lineItem === lineItem) latest.set(s.userId, s);
      const results = [...latest.values()].map((s) => ({
        userId: s.userId,
        resultScore: s.scoreGiven,
        resultMaximum: s.scoreMaximum,
      }));
      return send(res, 200, JSON.stringify(results), 'application/vnd.ims.lis.v2.resultcontainer+json');
    }
    if (what !== 'scores' || req.method !== 'POST') return send(res, 405, '');
    if (url.searchParams.get('course') !== '1') return send(res, 400, 'the query was lost');
    const bearer = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!tokens.has(bearer)) return send(res, 401, '');
    if (req.headers['content-type'] !== 'application/vnd.ims.lis.v1.score+json') return send(res, 415, '');
    if (failScores > 0) {
      failScores -= 1;
      return send(res, 503, 'down for a moment');
    }
    platform.scores.push({ lineItem, ...(JSON.parse(body) as Omit<ReceivedScore, 'lineItem'>) });
    res.writeHead(204);
    res.end();
  }

  /** The deep linking return: the tool's response checked with the tool's keyset, as a platform does. */
  async function deepLinkReturn(body: string, res: ServerResponse) {
    try {
      const { payload } = await jwtVerify(new URLSearchParams(body).get('JWT') ?? '', await toolKeys(), {
        issuer: clientId,
        audience: issuer,
      });
      if (payload[`${LTI}/message_type`] !== 'LtiDeepLinkingResponse') throw new Error('type');
      if (payload[`${LTI}/deployment_id`] !== deploymentId) throw new Error('deployment');
      const items = payload['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'] as Record<
        string,
        unknown
      >[];
      platform.deepLinks.push({ items, data: payload['https://purl.imsglobal.org/spec/lti-dl/claim/data'] });
      send(
        res,
        200,
        `<!doctype html><title>Course</title><h1>Placed: ${escapeHtml(String(items[0]?.title))}</h1>`,
      );
    } catch {
      send(res, 400, '<!doctype html><title>Course</title><h1>Signature refused</h1>');
    }
  }

  server.on('request', async (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const body = await readForm(req);
    if (url.pathname === '/jwks') return send(res, 200, JSON.stringify(jwks), 'application/json');
    if (url.pathname === '/course') {
      const hint = url.searchParams.get('hint') ?? '';
      const launch = launches.get(hint);
      const fields = {
        iss: issuer,
        login_hint: hint,
        target_link_uri: tool.launchUrl,
        client_id: clientId,
        lti_deployment_id: launch?.deploymentId ?? deploymentId,
      };
      return send(res, 200, autoPost(tool.loginUrl, fields));
    }
    if (url.pathname === '/auth') {
      const q = url.searchParams;
      const launch = launches.get(q.get('login_hint') ?? '');
      if (!launch || q.get('client_id') !== clientId || q.get('redirect_uri') !== tool.launchUrl)
        return send(res, 400, 'unknown login');
      if (
        q.get('response_type') !== 'id_token' ||
        q.get('response_mode') !== 'form_post' ||
        q.get('scope') !== 'openid'
      )
        return send(res, 400, 'not an LTI login');
      const signed = await idToken(launch, q.get('nonce') ?? '');
      platform.idTokens.unshift(signed);
      return send(res, 200, autoPost(tool.launchUrl, { id_token: signed, state: q.get('state') ?? '' }));
    }
    if (url.pathname === '/token' && req.method === 'POST') return token(body, res);
    if (url.pathname.startsWith('/lineitems/')) return lineItemRoute(req, url, body, res);
    if (url.pathname === '/deep-link-return' && req.method === 'POST') return deepLinkReturn(body, res);
    send(res, 404, 'not found');
  });
  return platform;
}
