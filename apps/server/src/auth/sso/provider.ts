import { createHash } from 'node:crypto';
import dns, { type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import * as oidc from 'openid-client';
import { Agent, fetch as undiciFetch } from 'undici';

/** A provider's discovery document and keys are read again after this long. */
const CONFIG_TTL_MS = 10 * 60_000;

export const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

export type ProviderConfig = (
  issuer: string,
  clientId: string,
  clientSecret: string,
) => Promise<oidc.Configuration>;

/**
 * Addresses a production server never asks for a provider's documents: loopback, private networks,
 * link-local (the cloud's metadata service at 169.254.169.254), shared (CGNAT), unspecified,
 * multicast and reserved; IPv4 inside IPv6 too (BlockList checks a mapped address against the IPv4
 * rules; NAT64 is listed). An admin of one organization must
 * not make the server probe its own network (SSO_ALLOW_PRIVATE_ISSUERS allows it: docs/operations.md).
 */
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');

/** An address of the internet, not of this server's own networks. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * Why a production server will not use this issuer, or null: plain http, or a host that is (or
 * resolves to) an address that is not public. Decided before any connection is opened, so the
 * answer takes the same time whatever listens (or not) on that address and port.
 */
export async function issuerRefusal(url: URL): Promise<'not_https' | 'not_public' | null> {
  if (url.protocol !== 'https:') return 'not_https';
  const host = hostOf(url);
  if (isIP(host)) return isPublicAddress(host) ? null : 'not_public';
  const addresses = await dns.promises.lookup(host, { all: true, verbatim: true }).catch(() => []);
  return addresses.some((a) => !isPublicAddress(a.address)) ? 'not_public' : null;
}

/**
 * Why the server will not call this address, or null: the rule of an OpenID issuer, which SAML
 * metadata, an xAPI store and an LTI platform's addresses follow too. With `allowPrivate`
 * (SSO_ALLOW_PRIVATE_ISSUERS: development, tests) any host, plain http only on this machine; in
 * production `issuerRefusal`'s https to a public address.
 */
export async function addressRefusal(
  url: URL,
  allowPrivate: boolean,
): Promise<'not_https' | 'not_public' | null> {
  if (allowPrivate) return url.protocol === 'http:' && !isLoopback(url) ? 'not_https' : null;
  return issuerRefusal(url);
}

class NotPublicError extends Error {
  readonly code = 'ENOTPUBLIC';
}

/**
 * The name resolved as usual, then refused if any address is not public: checked as the connection
 * is made, so a name that resolved to a public address when the settings were saved cannot point
 * at this server's network later (DNS rebinding), nor can a discovery document's other endpoints.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 0);
    if (addresses.some((a) => !isPublicAddress(a.address)))
      return callback(new NotPublicError(`${hostname} is not a public address`), '', 0);
    if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};
const publicOnly = new Agent({ connect: { lookup: publicOnlyLookup } });

/** Every request to a provider (discovery, keys, tokens, user info) over https to public addresses only. */
export const publicFetch: oidc.CustomFetch = async (url, options) => {
  const target = new URL(url);
  const host = hostOf(target);
  // An address written as such is never looked up, so it is checked here.
  if (target.protocol !== 'https:' || (isIP(host) && !isPublicAddress(host)))
    throw new NotPublicError(`${target.origin} is not a public https address`);
  return (await undiciFetch(url, { ...options, dispatcher: publicOnly } as Parameters<
    typeof undiciFetch
  >[1])) as unknown as Response;
};

/**
 * The provider's configuration (discovery), cached a while per issuer, client and secret. With
 * `allowPrivate` (SSO_ALLOW_PRIVATE_ISSUERS: development and tests by default) plain http is allowed
 * for a provider on this machine; without it every request goes over https to public addresses.
 */
export function providerConfigs(
  now: () => Date,
  { allowPrivate }: { allowPrivate: boolean },
): ProviderConfig {
  const configs = new Map<string, { config: Promise<oidc.Configuration>; at: number }>();
  return (issuer, clientId, clientSecret) => {
    const key = createHash('sha256').update(`${issuer}\n${clientId}\n${clientSecret}`).digest('hex');
    const cached = configs.get(key);
    if (cached && now().getTime() - cached.at < CONFIG_TTL_MS) return cached.config;
    const url = new URL(issuer);
    const config = oidc.discovery(url, clientId, clientSecret, undefined, {
      timeout: 10,
      ...(allowPrivate
        ? url.protocol === 'http:'
          ? { execute: [oidc.allowInsecureRequests] }
          : {}
        : { [oidc.customFetch]: publicFetch }),
    });
    configs.set(key, { config, at: now().getTime() });
    config.catch(() => configs.delete(key));
    return config;
  };
}
