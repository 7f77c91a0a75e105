import { describe, expect, it } from 'vitest';
import { isAllowedOrigin } from './origin';

const base = { publicUrl: 'http://localhost:3000', allowedOrigins: ['http://localhost:5173'] };

describe('isAllowedOrigin', () => {
  it('lets a page in from the address the phone used to reach the server', () => {
    expect(isAllowedOrigin({ ...base, origin: 'http://192.168.1.20:3000', host: '192.168.1.20:3000' })).toBe(
      true,
    );
    expect(isAllowedOrigin({ ...base, origin: 'https://Bingo.Example.org', host: 'bingo.example.org' })).toBe(
      true,
    );
  });

  it('lets in PUBLIC_URL and the listed origins whatever the Host', () => {
    expect(isAllowedOrigin({ ...base, origin: 'http://localhost:3000', host: '10.0.0.5:3000' })).toBe(true);
    expect(isAllowedOrigin({ ...base, origin: 'http://localhost:5173', host: 'localhost:3000' })).toBe(true);
  });

  it('lets in clients without an Origin (not a browser page)', () => {
    expect(isAllowedOrigin({ ...base, origin: undefined, host: 'localhost:3000' })).toBe(true);
  });

  it('refuses a page of another site, another port or another scheme', () => {
    expect(isAllowedOrigin({ ...base, origin: 'http://evil.example', host: '192.168.1.20:3000' })).toBe(
      false,
    );
    expect(isAllowedOrigin({ ...base, origin: 'http://192.168.1.20:8080', host: '192.168.1.20:3000' })).toBe(
      false,
    );
    expect(isAllowedOrigin({ ...base, origin: 'http://192.168.1.20', host: '192.168.1.20:3000' })).toBe(
      false,
    );
    expect(
      isAllowedOrigin({ ...base, origin: 'http://localhost:3000.evil.example', host: 'localhost:3000' }),
    ).toBe(false);
    expect(isAllowedOrigin({ ...base, origin: 'http://192.168.1.20:3000', host: undefined })).toBe(false);
  });

  it('refuses opaque and malformed origins', () => {
    for (const origin of ['null', 'file://', 'chrome-extension://abc', 'not a url', ''])
      expect(isAllowedOrigin({ ...base, origin, host: 'localhost:3000' }), origin).toBe(false);
  });
});
