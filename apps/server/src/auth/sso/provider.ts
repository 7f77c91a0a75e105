import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';

/** A provider's discovery document and keys are read again after this long. */
const CONFIG_TTL_MS = 10 * 60_000;

export const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

export type ProviderConfig = (
  issuer: string,
  clientId: string,
  clientSecret: string,
) => Promise<oidc.Configuration>;

/**
 * The provider's configuration (discovery), cached a while per issuer, client and secret. Plain
 * http is allowed for a provider on this machine only (development, tests).
 */
export function providerConfigs(now: () => Date): ProviderConfig {
  const configs = new Map<string, { config: Promise<oidc.Configuration>; at: number }>();
  return (issuer, clientId, clientSecret) => {
    const key = createHash('sha256').update(`${issuer}\n${clientId}\n${clientSecret}`).digest('hex');
    const cached = configs.get(key);
    if (cached && now().getTime() - cached.at < CONFIG_TTL_MS) return cached.config;
    const url = new URL(issuer);
    const config = oidc.discovery(url, clientId, clientSecret, undefined, {
      timeout: 10,
      ...(url.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {}),
    });
    configs.set(key, { config, at: now().getTime() });
    config.catch(() => configs.delete(key));
    return config;
  };
}
