import { networkInterfaces } from 'node:os';

type Interfaces = ReturnType<typeof networkInterfaces>;

/**
 * The IPv4 addresses other devices on the network can reach this machine by (every non-internal
 * interface), as Vite prints them: what a phone on the same Wi-Fi opens when PUBLIC_URL is unset.
 */
export function lanAddresses(interfaces: Interfaces = networkInterfaces()): string[] {
  const found = new Set<string>();
  for (const entries of Object.values(interfaces))
    for (const entry of entries ?? [])
      if (entry.family === 'IPv4' && !entry.internal && !entry.address.startsWith('169.254.'))
        found.add(entry.address);
  return [...found];
}

/** The start-up lines telling where the product is reachable, the network addresses included. */
export function formatListening(
  port: number,
  host: string,
  publicUrl: string,
  publicUrlSet: boolean,
  addresses: string[],
): string {
  const lines = [`  Local:   http://localhost:${port}/`];
  // Bound to one address only (HOST): other interfaces do not answer.
  const everywhere = host === '0.0.0.0' || host === '::';
  if (everywhere) for (const a of addresses) lines.push(`  Network: http://${a}:${port}/`);
  if (publicUrlSet) lines.push(`  Public:  ${publicUrl}/ (join links and QR codes use this)`);
  else if (everywhere && addresses.length > 0)
    lines.push('  Phones on the same network open the Network address (set PUBLIC_URL to fix one).');
  return lines.join('\n');
}
