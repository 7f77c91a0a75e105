import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import forge from 'node-forge';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
/** Metadata larger than this is no identity provider's (a federation's aggregate is not accepted). */
export const METADATA_MAX_BYTES = 500_000;

export interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  sloUrl: string | null;
  /** Signing certificates, base64 DER (PEM bodies). */
  certificates: string[];
}

const children = (parent: Element, ns: string, name: string): Element[] =>
  Array.from(parent.getElementsByTagNameNS(ns, name) as unknown as ArrayLike<Element>);

const httpUrl = (value: string | null) => {
  try {
    const url = new URL(value ?? '');
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
};

/**
 * An identity provider's entity id, HTTP-Redirect sign-on and logout addresses and signing
 * certificates from its metadata (an EntityDescriptor, or the first with an IDPSSODescriptor in an
 * EntitiesDescriptor); null when any of the first three is missing or the XML is not well formed.
 * xmldom resolves no external entity and loads nothing.
 */
export function parseIdpMetadata(xml: string): IdpMetadata | null {
  let doc: Document;
  try {
    const fail = (msg: string) => {
      throw new Error(msg);
    };
    doc = new DOMParser({ errorHandler: { error: fail, fatalError: fail } }).parseFromString(
      xml,
      'text/xml',
    ) as unknown as Document;
  } catch {
    return null;
  }
  const root = doc.documentElement;
  if (!root || root.namespaceURI !== MD) return null;
  const entity = (
    root.localName === 'EntityDescriptor' ? [root] : children(root, MD, 'EntityDescriptor')
  ).find((e) => children(e, MD, 'IDPSSODescriptor').length > 0);
  const idp = entity && children(entity, MD, 'IDPSSODescriptor')[0];
  if (!entity || !idp) return null;
  const location = (name: string) =>
    httpUrl(
      children(idp, MD, name)
        .find((s) => s.getAttribute('Binding') === REDIRECT)
        ?.getAttribute('Location') ?? null,
    );
  const certificates = children(idp, MD, 'KeyDescriptor')
    .filter((k) => (k.getAttribute('use') ?? 'signing') === 'signing')
    .flatMap((k) => children(k, DSIG, 'X509Certificate'))
    .map((c) => (c.textContent ?? '').replace(/\s+/g, ''))
    .filter((c) => c.length > 0);
  const entityId = entity.getAttribute('entityID')?.trim();
  const ssoUrl = location('SingleSignOnService');
  if (!entityId || !ssoUrl || certificates.length === 0) return null;
  return { entityId, ssoUrl, sloUrl: location('SingleLogoutService'), certificates };
}

/** The metadata at `url`, read with a time limit and a size limit; no redirect is followed. */
export async function fetchMetadata(
  url: string,
  fetchWith: (url: string, init: RequestInit) => Promise<Response> = fetch,
): Promise<string> {
  const res = await fetchWith(url, { redirect: 'error', signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`metadata: HTTP ${res.status}`);
  const length = Number(res.headers.get('content-length') ?? 0);
  if (length > METADATA_MAX_BYTES) throw new Error('metadata too large');
  const text = await res.text();
  if (text.length > METADATA_MAX_BYTES) throw new Error('metadata too large');
  return text;
}

/**
 * A new key pair for an organization's service provider and a self-signed certificate for it (ten
 * years): providers read only the key from it, so self-signed is what SAML metadata usually carries.
 */
export function newServiceProviderKeys(
  commonName: string,
  random: (size: number) => Buffer = randomBytes,
): { privateKey: string; certificate: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey);
  // DER wants a serial number positive and without a leading zero byte (OpenSSL, and so Node's
  // X509Certificate, refuses one that has it): the first byte 0x40-0x7f.
  const serial = random(16);
  serial[0] = (serial[0]! & 0x3f) | 0x40;
  cert.serialNumber = serial.toString('hex');
  cert.validity.notBefore = new Date();
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * 24 * 3600_000);
  const name = [{ name: 'commonName', value: commonName.slice(0, 64) }];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.sign(forge.pki.privateKeyFromPem(privateKey), forge.md.sha256.create());
  return { privateKey, certificate: forge.pki.certificateToPem(cert) };
}
