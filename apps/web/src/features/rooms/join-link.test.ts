import { describe, expect, it } from 'vitest';
import { joinLinkBase, joinUrl } from './join-link';

const at = (url: string) => {
  const u = new URL(url);
  return { protocol: u.protocol, hostname: u.hostname, port: u.port, origin: u.origin };
};

describe('joinLinkBase', () => {
  it('uses PUBLIC_URL when the server has one, wherever the page is', () => {
    expect(
      joinLinkBase({
        publicUrl: 'https://bingo.example.org/',
        networkAddresses: [],
        location: at('http://localhost:3000/x'),
      }),
    ).toEqual({ base: 'https://bingo.example.org', replacedLocalhost: false, unreachable: false });
  });

  it("uses the page's own address when it is a network one", () => {
    expect(
      joinLinkBase({
        publicUrl: null,
        networkAddresses: ['10.0.0.5'],
        location: at('http://192.168.1.20:3000/'),
      }).base,
    ).toBe('http://192.168.1.20:3000');
  });

  it('never sends phones to localhost when the server has a network address, and says so', () => {
    for (const page of ['http://localhost:3000/', 'http://127.0.0.1:3000/', 'http://[::1]:3000/'])
      expect(
        joinLinkBase({ publicUrl: null, networkAddresses: ['192.168.1.20'], location: at(page) }),
        page,
      ).toEqual({
        base: 'http://192.168.1.20:3000',
        replacedLocalhost: true,
        unreachable: false,
      });
    expect(
      joinLinkBase({ publicUrl: null, networkAddresses: [], location: at('http://localhost:3000/') }),
    ).toEqual({ base: 'http://localhost:3000', replacedLocalhost: false, unreachable: true });
  });

  it('builds /join/{code}', () => {
    expect(joinUrl('http://192.168.1.20:3000', 'ABC234')).toBe('http://192.168.1.20:3000/join/ABC234');
  });
});
