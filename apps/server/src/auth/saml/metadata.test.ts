import { createPrivateKey, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newServiceProviderKeys } from './metadata';

describe("a service provider's certificate", () => {
  // Whatever the random bytes, OpenSSL reads the certificate: a serial with a leading zero byte
  // (random bytes 00 65 …, about one certificate in 500 before) was refused with "no start line".
  it.each([
    ['00 65', [0x00, 0x65]],
    ['00 00', [0x00, 0x00]],
    ['80', [0x80]],
    ['ff', [0xff]],
  ])('is valid DER when the random bytes start %s', (_, start) => {
    const random = (size: number) =>
      Buffer.concat([Buffer.from(start), Buffer.alloc(size, 0x11)]).subarray(0, size);
    const { certificate, privateKey } = newServiceProviderKeys('Playshop SAML https://example.com 1', random);
    const cert = new X509Certificate(certificate);
    expect(cert.subject).toBe('CN=Playshop SAML https://example.com 1');
    expect(cert.checkPrivateKey(createPrivateKey(privateKey))).toBe(true);
  });
});
