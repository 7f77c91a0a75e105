/**
 * A real SAML 2.0 identity provider (the `samlify` package, an implementation independent of the
 * server's node-saml) on loopback, for the SAML tests: its metadata at /metadata, the HTTP-Redirect
 * sign-on address at /sso (a page with an email field, for the browser test; it answers with the
 * form that posts the signed response to the service provider's ACS), and single logout. The
 * API tests call `respond` directly for the answers they tamper with.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as samlify from 'samlify';
import { newServiceProviderKeys } from '../auth/saml/metadata';

// samlify asks for an XSD validator of what it parses (the service provider's AuthnRequests): this
// test provider trusts the server under test's XML, which node-saml builds.
samlify.setSchemaValidator({ validate: async () => 'skipped' });

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A redirect-binding message as samlify reads it: the query, and the signed part (all but the signature). */
function redirectBinding(url: string) {
  const u = new URL(url);
  const query = Object.fromEntries(u.searchParams);
  const octetString = u.search
    .slice(1)
    .split('&')
    .filter((p) => !p.startsWith('Signature='))
    .join('&');
  return { query, octetString };
}

export interface TestSamlIdp {
  url: string;
  metadataUrl: string;
  metadata: string;
  /** A base64 SAMLResponse for `spMetadata`'s ACS, signed (and encrypted if the IdP encrypts). */
  respond(spMetadata: string, email: string, inResponseTo?: string): Promise<string>;
  /** The AuthnRequest id of a sign-on address the service provider sent the browser to (its signature checked). */
  requestId(spMetadata: string, authorizationUrl: string): Promise<string>;
  /** The address of a signed LogoutRequest for `email` at the service provider. */
  logoutRequestUrl(spMetadata: string, email: string): Promise<string>;
  /** The signed LogoutResponse address answering a LogoutRequest the service provider sent (its signature checked). */
  logoutResponseUrl(spMetadata: string, logoutRequestUrl: string): Promise<string>;
  /** The service provider the browser page answers (set by the browser test). */
  useServiceProvider(spMetadata: string): void;
  close(): Promise<void>;
}

export async function startSamlIdp({ encrypt = false } = {}): Promise<TestSamlIdp> {
  const keys = newServiceProviderKeys('Test SAML IdP');
  let server: Server | undefined;
  let currentSp: string | undefined;
  // Like the service providers of real deployments, this one wants its logout requests signed.
  const sp = (metadata: string) =>
    samlify.ServiceProvider({ metadata, wantLogoutRequestSigned: true, wantLogoutResponseSigned: true });
  const listening = await new Promise<Server>((resolve) => {
    const s = createServer((req, res) => handle(req.url ?? '/', req.method ?? 'GET', req, res));
    s.listen(0, '127.0.0.1', () => resolve(s));
  });
  server = listening;
  const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  const idp = samlify.IdentityProvider({
    entityID: `${url}/metadata`,
    privateKey: keys.privateKey,
    signingCert: keys.certificate,
    isAssertionEncrypted: encrypt,
    wantAuthnRequestsSigned: true,
    wantLogoutRequestSigned: true,
    requestSignatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    singleSignOnService: [{ Binding: REDIRECT, Location: `${url}/sso` }],
    singleLogoutService: [{ Binding: REDIRECT, Location: `${url}/slo` }],
    nameIDFormat: ['urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'],
  });
  const metadata = idp.getMetadata();

  async function respond(spMetadata: string, email: string, inResponseTo?: string) {
    const requestInfo = inResponseTo ? { extract: { request: { id: inResponseTo } } } : {};
    const { context } = await idp.createLoginResponse(sp(spMetadata), requestInfo as never, 'post', {
      email,
    });
    return context;
  }

  async function requestId(spMetadata: string, authorizationUrl: string) {
    const parsed = await idp.parseLoginRequest(
      sp(spMetadata),
      'redirect',
      redirectBinding(authorizationUrl) as never,
    );
    return (parsed.extract as { request: { id: string } }).request.id;
  }

  async function logoutResponseUrl(spMetadata: string, logoutRequestUrl: string) {
    const parsed = await idp.parseLogoutRequest(
      sp(spMetadata),
      'redirect',
      redirectBinding(logoutRequestUrl) as never,
    );
    const { context } = idp.createLogoutResponse(sp(spMetadata), parsed as never, 'redirect', '') as {
      context: string;
    };
    return context;
  }

  async function handle(
    path: string,
    method: string,
    req: import('node:http').IncomingMessage,
    res: import('node:http').ServerResponse,
  ) {
    try {
      const u = new URL(path, url);
      if (u.pathname === '/metadata') {
        res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(metadata);
        return;
      }
      if (u.pathname === '/sso' && method === 'GET' && currentSp) {
        const id = await requestId(currentSp, u.href);
        res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            `<!doctype html><html lang="en"><title>Test IdP</title><main><h1>Test identity provider</h1>` +
              `<form method="post" action="/sso"><input type="hidden" name="id" value="${escapeHtml(id)}">` +
              `<label>Email <input name="email" type="email"></label><button>Sign in</button></form></main></html>`,
          );
        return;
      }
      if (u.pathname === '/sso' && method === 'POST' && currentSp) {
        let body = '';
        for await (const chunk of req) body += chunk;
        const form = new URLSearchParams(body);
        const samlResponse = await respond(currentSp, form.get('email') ?? '', form.get('id') ?? undefined);
        const acs = sp(currentSp).entityMeta.getAssertionConsumerService('post') as string;
        res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            `<!doctype html><html lang="en"><title>Test IdP</title><body onload="document.forms[0].submit()">` +
              `<form method="post" action="${escapeHtml(acs)}"><input type="hidden" name="SAMLResponse" value="${escapeHtml(samlResponse)}">` +
              `<button>Continue</button></form></body></html>`,
          );
        return;
      }
      if (u.pathname === '/slo' && currentSp) {
        // Signed out here at once; back to the service provider with the signed answer.
        res.writeHead(302, { location: await logoutResponseUrl(currentSp, u.href) }).end();
        return;
      }
      res.writeHead(404).end();
    } catch (err) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end(String(err));
    }
  }

  return {
    url,
    metadataUrl: `${url}/metadata`,
    metadata,
    respond,
    requestId,
    async logoutRequestUrl(spMetadata, email) {
      const { context } = idp.createLogoutRequest(sp(spMetadata), 'redirect', { logoutNameID: email }) as {
        context: string;
      };
      return context;
    },
    logoutResponseUrl,
    useServiceProvider(spMetadata) {
      currentSp = spMetadata;
    },
    close: () => new Promise((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
}
