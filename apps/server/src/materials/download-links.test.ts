import { MATERIAL_LINK_TTL_SECONDS } from '@playshop/shared';
import { describe, expect, it } from 'vitest';
import { downloadLinks } from './download-links';

const SECRET = 'a-secret-long-enough-for-the-tests-here!!';
const queryOf = (url: string) => {
  const params = new URL(url, 'http://x').searchParams;
  return {
    path: params.get('path') ?? '',
    user: params.get('user') ?? '',
    expires: params.get('expires') ?? '',
    signature: params.get('signature') ?? '',
  };
};

describe('signed download links', () => {
  it('are valid for MATERIAL_LINK_TTL_SECONDS and not a second longer', () => {
    let now = Date.UTC(2030, 0, 1, 12, 0, 0);
    const links = downloadLinks({ secret: SECRET, now: () => now });
    const grant = { fullPath: 'documents/Demo Workshop/a b.pdf', userId: 7 };
    const link = links.create(grant);
    expect(link.expiresAt).toBe(new Date(now + MATERIAL_LINK_TTL_SECONDS * 1000).toISOString());
    expect(links.verify(queryOf(link.url))).toEqual(grant);
    now += MATERIAL_LINK_TTL_SECONDS * 1000 - 1;
    expect(links.verify(queryOf(link.url))).toEqual(grant);
    now += 1;
    expect(links.verify(queryOf(link.url))).toBeNull();
  });

  it('honour a shorter TTL option', () => {
    let now = 1_000_000;
    const links = downloadLinks({ secret: SECRET, ttlSeconds: 2, now: () => now });
    const link = links.create({ fullPath: 'documents/F/x.pdf', userId: 1 });
    expect(links.verify(queryOf(link.url))).not.toBeNull();
    now += 2000;
    expect(links.verify(queryOf(link.url))).toBeNull();
  });

  it('bind the path, the user and the expiry to the signature', () => {
    const links = downloadLinks({ secret: SECRET });
    const query = queryOf(links.create({ fullPath: 'documents/F/x.pdf', userId: 3 }).url);
    expect(links.verify(query)).not.toBeNull();
    expect(links.verify({ ...query, path: 'documents/F/y.pdf' })).toBeNull();
    expect(links.verify({ ...query, user: '4' })).toBeNull();
    expect(links.verify({ ...query, expires: String(Number(query.expires) + 1) })).toBeNull();
    expect(links.verify({ ...query, signature: query.signature.slice(1) })).toBeNull();
    expect(links.verify({ ...query, signature: '' })).toBeNull();
    expect(links.verify({ ...query, expires: '1e12' })).toBeNull();
    expect(downloadLinks({ secret: `${SECRET}x` }).verify(query)).toBeNull();
  });
});
