import { describe, expect, it } from 'vitest';
import { formatListening, lanAddresses } from './network-addresses';

const iface = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null }) as never;

describe('lanAddresses', () => {
  it('lists external IPv4 addresses once, skipping loopback, IPv6 and link-local', () => {
    expect(
      lanAddresses({
        lo: [iface('127.0.0.1', 'IPv4', true), iface('::1', 'IPv6', true)],
        wlan0: [iface('192.168.1.20', 'IPv4'), iface('fe80::1', 'IPv6')],
        eth0: [iface('10.0.0.5', 'IPv4'), iface('169.254.3.4', 'IPv4')],
        docker0: [iface('10.0.0.5', 'IPv4')],
      }),
    ).toEqual(['192.168.1.20', '10.0.0.5']);
    expect(lanAddresses({ lo: [iface('127.0.0.1', 'IPv4', true)] })).toEqual([]);
  });
});

describe('formatListening', () => {
  it('prints a network line per address when listening on every interface', () => {
    const text = formatListening(3000, '0.0.0.0', 'http://localhost:3000', false, ['192.168.1.20']);
    expect(text).toContain('Network: http://192.168.1.20:3000/');
    expect(text).toContain('Phones on the same network');
  });

  it('names PUBLIC_URL when set, and prints no network line when bound to one address', () => {
    const text = formatListening(3000, '127.0.0.1', 'https://bingo.example.org', true, ['192.168.1.20']);
    expect(text).not.toContain('Network');
    expect(text).toContain('Public:  https://bingo.example.org/');
  });
});
