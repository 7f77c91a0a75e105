/// <reference path="./oidc-provider-module.d.ts" />
/**
 * A real OpenID Connect provider (the `oidc-provider` package) on loopback, for the single sign-on
 * tests: discovery, authorization with PKCE, token and userinfo endpoints, signed ID tokens. Its
 * sign-in page is one form with an email field; the accounts are the ones the test adds.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

export interface ProviderAccount {
  email: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds (or replaces) an account the sign-in form accepts. */
  addAccount(account: ProviderAccount): void;
  close(): Promise<void>;
}

const readForm = async (req: IncomingMessage) => {
  let body = '';
  for await (const chunk of req) body += chunk;
  return new URLSearchParams(body);
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Starts the provider; `redirectUris` are the client's registered callbacks (the app's /sso/callback). */
export async function startOidcProvider(redirectUris: string[]): Promise<TestOidcProvider> {
  const accounts = new Map<string, ProviderAccount>();
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test' };
  const clientId = 'playshop-test';
  const clientSecret = 'test-client-secret-with-enough-entropy';

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['test-cookie-key-one'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    // Explicit lifetimes (the provider notices each default it falls back to).
    ttl: {
      Interaction: 600,
      Grant: 600,
      Session: 600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, id: string) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: account.email,
            email_verified: account.emailVerified,
            given_name: account.givenName,
            family_name: account.familyName,
          };
        },
      };
    },
  });
  const handle = provider.callback();

  server.on('request', (req, res) => {
    const match = /^\/interaction\/([\w-]+)$/.exec(req.url ?? '');
    if (!match) return handle(req, res);
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        if (req.method === 'GET') {
          res.setHeader('content-type', 'text/html; charset=utf-8');
          res.end(
            `<!doctype html><title>Test provider</title><h1>Test provider sign-in</h1>
            <form method="post" action="/interaction/${escapeHtml(match[1]!)}">
            <label>Email <input name="email" type="email" autocomplete="off"></label>
            <button type="submit">Continue</button></form>`,
          );
          return;
        }
        const email = (await readForm(req)).get('email') ?? '';
        if (!accounts.has(email)) {
          await provider.interactionFinished(req, res, {
            error: 'access_denied',
            error_description: 'Unknown account',
          });
          return;
        }
        // Signed in and consent granted for what the client asked, in one step.
        const grant = new provider.Grant({ accountId: email, clientId: details.params.client_id as string });
        grant.addOIDCScope(String(details.params.scope));
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: email }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      } catch (err) {
        res.statusCode = 400;
        res.end(String(err));
      }
    })();
  });

  return {
    issuer,
    clientId,
    clientSecret,
    addAccount: (account) => accounts.set(account.email, account),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * What a browser does at the provider, with fetch and a cookie jar: opens the authorization address,
 * submits the sign-in form as `email`, and follows the redirects until the provider sends it to a
 * redirect URI. Returns that address (`…/sso/callback?code=…&state=…`).
 */
export async function signInAtProvider(authorizationUrl: string, email: string): Promise<URL> {
  const jar = new Map<string, string>();
  const go = async (url: URL, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...init.headers, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return res;
  };
  let url = new URL(authorizationUrl);
  const provider = url.origin;
  for (let hop = 0; hop < 10; hop++) {
    const res = await go(url);
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider answered ${res.status} at ${url}: ${await res.text()}`);
    url = new URL(location, url);
    if (url.origin !== provider) return url;
    if (url.pathname.startsWith('/interaction/')) {
      const form = await go(url, {
        method: 'POST',
        body: new URLSearchParams({ email }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      url = new URL(form.headers.get('location') ?? '', url);
      if (url.origin !== provider) return url;
    }
  }
  throw new Error('too many redirects at the provider');
}
