import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { english } from '@playshop/messages/english';
import { API_PREFIX, LOGO_MAX_BYTES } from '@playshop/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { rooms, sessions, workshops } from '../db/schema';
import { headersCaller, twoOrgSuite } from '../test/context';
import { pngDeclaring, pngWithChunk } from '../test/images';

const suite = twoOrgSuite({ name: 'Acme Brand' }, { name: 'Other Brand' });

const call = headersCaller(() => suite.ctx);
const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const GOOD_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#0b7285"/></svg>';
const logo = (headers: Record<string, string>, orgId: number, data: string) =>
  call('PUT', '/org-logo', headers, { orgId, data });
const fetchLogo = (url: string) => suite.ctx.app.inject({ method: 'GET', url });

/** Each SVG, as an admin's logo, is refused with 400 UNSAFE_SVG and `message`. */
async function expectUnsafeSvgs(svgs: string[], message: string) {
  for (const svg of svgs) {
    const res = await logo(suite.as.ADMIN, suite.org.id, b64(svg));
    expect(res.statusCode, svg).toBe(400);
    expect(res.json()).toMatchObject({ code: 'UNSAFE_SVG', message });
  }
}

describe('colours', () => {
  it('an admin sets their organization’s colours, stored lower case, and reads them back', async () => {
    const res = await call('PUT', '/org-branding', suite.as.ADMIN, {
      orgId: suite.org.id,
      primaryColor: '#FFD43B',
      accentColor: '#0b7285',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      orgId: suite.org.id,
      primaryColor: '#ffd43b',
      accentColor: '#0b7285',
    });
    const read = await call('GET', `/org-branding/${suite.org.id}`, suite.as.FACILITATOR);
    expect(read.json()).toMatchObject({ orgName: 'Acme Brand', primaryColor: '#ffd43b' });
  });

  it('refuses a colour that is not #rrggbb, with the reason', async () => {
    for (const bad of ['yellow', '#fff', '#12345g', 'rgb(1,2,3)']) {
      const res = await call('PUT', '/org-branding', suite.as.ADMIN, {
        orgId: suite.org.id,
        primaryColor: bad,
        accentColor: null,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: english('branding.invalidColor'), field: 'primaryColor' });
    }
  });

  it('null clears a colour', async () => {
    const res = await call('PUT', '/org-branding', suite.as.ADMIN, {
      orgId: suite.other.id,
      primaryColor: null,
      accentColor: null,
    });
    // The admin of Acme cannot see Other Brand: 404 as for a missing one.
    expect(res.statusCode).toBe(404);
    const byRoot = await call('PUT', '/org-branding', suite.as.SUPER_ADMIN, {
      orgId: suite.other.id,
      primaryColor: '#1c7ed6',
      accentColor: null,
    });
    expect(byRoot.json()).toMatchObject({ primaryColor: '#1c7ed6', accentColor: null });
    const cleared = await call('PUT', '/org-branding', suite.as.SUPER_ADMIN, {
      orgId: suite.other.id,
      primaryColor: null,
      accentColor: null,
    });
    expect(cleared.json()).toMatchObject({ primaryColor: null });
  });
});

describe('permissions and tenancy', () => {
  it('a facilitator may read the look but not change it', async () => {
    const res = await call('PUT', '/org-branding', suite.as.FACILITATOR, {
      orgId: suite.org.id,
      primaryColor: '#000000',
      accentColor: null,
    });
    expect(res.statusCode).toBe(403);
    expect((await logo(suite.as.FACILITATOR, suite.org.id, b64(PNG))).statusCode).toBe(403);
  });

  it('an admin cannot read, set or remove another organization’s look; the super admin can', async () => {
    expect((await call('GET', `/org-branding/${suite.other.id}`, suite.as.ADMIN)).statusCode).toBe(404);
    expect((await logo(suite.as.ADMIN, suite.other.id, b64(PNG))).statusCode).toBe(404);
    expect((await call('DELETE', `/org-logo/${suite.other.id}`, suite.as.ADMIN)).statusCode).toBe(404);
    expect((await call('GET', `/org-branding/${suite.other.id}`, suite.as.SUPER_ADMIN)).statusCode).toBe(200);
    const set = await logo(suite.as.SUPER_ADMIN, suite.other.id, b64(PNG));
    expect(set.statusCode).toBe(200);
    expect(set.json().logoUrl).toMatch(
      new RegExp(`^${API_PREFIX}/org-logos/${suite.other.id}/[0-9a-f]{64}\\.png$`),
    );
  });
});

describe('logo', () => {
  it('stores a PNG under its content hash, served with a year of cache and a safe type', async () => {
    const res = await logo(suite.as.ADMIN, suite.org.id, b64(PNG));
    expect(res.statusCode).toBe(200);
    const url: string = res.json().logoUrl;
    expect(url).toMatch(/\/org-logos\/\d+\/[0-9a-f]{64}\.png$/);
    // Anyone (an <img> on the join page, a mail) may load it, without a token.
    const served = await fetchLogo(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    // The logo drawn again (uploads/images.ts): the same 1×1 image, not necessarily the same bytes.
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
  });

  it('refuses a 45-byte PNG declaring 65,535 × 65,535 pixels with a 400 saying so, and keeps the old logo', async () => {
    const before = (await call('GET', `/org-branding/${suite.org.id}`, suite.as.ADMIN)).json().logoUrl;
    const res = await logo(suite.as.ADMIN, suite.org.id, b64(pngDeclaring(65_535, 65_535)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'IMAGE_TOO_LARGE',
      message: 'The image is 65535 × 65535 pixels: at most 4096 pixels a side',
    });
    const after = (await call('GET', `/org-branding/${suite.org.id}`, suite.as.ADMIN)).json().logoUrl;
    expect(after).toBe(before);
  });

  it('serves a PNG logo drawn again: what rode along in the file is not handed to the phones', async () => {
    const carrier = pngWithChunk(PNG, '<script>alert(1)</script>');
    const res = await logo(suite.as.ADMIN, suite.org.id, b64(carrier));
    expect(res.statusCode).toBe(200);
    const served = await fetchLogo(res.json().logoUrl);
    expect(served.rawPayload.includes('<script>')).toBe(false);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    const broken = await logo(suite.as.ADMIN, suite.org.id, b64(pngDeclaring(10, 10)));
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'NOT_AN_IMAGE' });
  });

  it('replacing the logo changes its address and removes the old file', async () => {
    const first = (await logo(suite.as.ADMIN, suite.org.id, b64(PNG))).json().logoUrl as string;
    const second = (await logo(suite.as.ADMIN, suite.org.id, b64(GOOD_SVG))).json().logoUrl as string;
    expect(second).not.toBe(first);
    expect(second.endsWith('.svg')).toBe(true);
    expect((await fetchLogo(first)).statusCode).toBe(404);
    const svg = await fetchLogo(second);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['content-security-policy']).toContain("default-src 'none'");
    expect(svg.headers['content-security-policy']).toContain('sandbox');
    expect(svg.body).toContain('<rect');
  });

  it('refuses an SVG with a script, an event handler or a javascript: link, and stores nothing', async () => {
    const before = (await call('GET', `/org-branding/${suite.org.id}`, suite.as.ADMIN)).json().logoUrl;
    const malicious = [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/api/v1/users")</script><rect/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><rect/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect onclick="alert(1)"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="javascript:alert(1)"><rect/></a></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><iframe src="https://evil.test"></iframe></foreignObject></svg>',
    ];
    await expectUnsafeSvgs(malicious, english('branding.svgScript'));
    const after = (await call('GET', `/org-branding/${suite.org.id}`, suite.as.ADMIN)).json().logoUrl;
    expect(after).toBe(before);
  });

  it('refuses an SVG that refers outside itself', async () => {
    const outside = [
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://tracker.test/pixel.png"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><style>@import url("https://evil.test/a.css");</style></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill:url(https://evil.test/p)"/></svg>',
      '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>',
    ];
    await expectUnsafeSvgs(outside, english('branding.svgExternal'));
  });

  it('sanitizes what it keeps: a gradient by fragment stays, the namespace is added', async () => {
    const svg =
      '<svg viewBox="0 0 4 4"><defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs><rect width="4" height="4" fill="url(#g)"/></svg>';
    const res = await logo(suite.as.ADMIN, suite.org.id, b64(svg));
    expect(res.statusCode).toBe(200);
    const served = (await fetchLogo(res.json().logoUrl)).body;
    expect(served).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(served).toContain('fill="url(#g)"');
  });

  it('refuses other files, empty files and files over 256 KB with clear texts', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary');
    const notImage = await logo(suite.as.ADMIN, suite.org.id, b64(gif));
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json()).toMatchObject({ message: english('branding.logoNotImage') });
    const html = await logo(suite.as.ADMIN, suite.org.id, b64('<html><body>hi</body></html>'));
    expect(html.statusCode).toBe(415);
    const empty = await logo(suite.as.ADMIN, suite.org.id, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: english('branding.logoEmpty') });
    const big = Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES)]);
    const tooBig = await logo(suite.as.ADMIN, suite.org.id, b64(big));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ message: english('branding.logoTooLarge') });
    const notBase64 = await logo(suite.as.ADMIN, suite.org.id, 'not base64!');
    expect(notBase64.statusCode).toBe(400);
  });

  it('serves nothing for a name that is not a hash, nor under an organization that has no such file', async () => {
    expect((await fetchLogo(`${API_PREFIX}/org-logos/${suite.org.id}/..%2F..%2Fsecret.png`)).statusCode).toBe(
      400,
    );
    const url = (await logo(suite.as.ADMIN, suite.org.id, b64(PNG))).json().logoUrl as string;
    // The same file under an organization that never uploaded it.
    expect((await fetchLogo(url.replace(`/${suite.org.id}/`, '/999999/'))).statusCode).toBe(404);
  });

  it('removing the logo clears it and deletes the file', async () => {
    const url = (await logo(suite.as.ADMIN, suite.org.id, b64(GOOD_SVG))).json().logoUrl as string;
    const res = await call('DELETE', `/org-logo/${suite.org.id}`, suite.as.ADMIN);
    expect(res.json()).toMatchObject({ logoUrl: null });
    expect((await fetchLogo(url)).statusCode).toBe(404);
  });
});

describe('with the room', () => {
  let roomId: number;
  beforeAll(async () => {
    const [w] = await suite.ctx.database.db.insert(workshops).values({ name: 'Branded day' }).returning();
    await suite.ctx.database.db.insert(sessions).values({ workshopId: w!.id, name: 'One', orderIndex: 0 });
    const [room] = await suite.ctx.database.db
      .insert(rooms)
      .values({ name: 'Brand Hall', orgId: suite.org.id, workshopId: w!.id, joinCode: 'BRANDX' })
      .returning();
    roomId = room!.id;
    await call('PUT', '/org-branding', suite.as.ADMIN, {
      orgId: suite.org.id,
      primaryColor: '#0b7285',
      accentColor: '#ffd43b',
    });
    await logo(suite.as.ADMIN, suite.org.id, b64(GOOD_SVG));
  });

  it('the join page of a real code gets the look; a bogus code the same 404 as before (issue 30)', async () => {
    const info = await suite.ctx.app.inject({ method: 'GET', url: `${API_PREFIX}/join/BRANDX` });
    expect(info.statusCode).toBe(200);
    expect(info.json().branding).toMatchObject({
      orgName: 'Acme Brand',
      primaryColor: '#0b7285',
      accentColor: '#ffd43b',
      logoUrl: expect.stringMatching(/\.svg$/),
      // The CSS variables come worked out, with the text colour chosen for 4.5:1.
      css: expect.stringMatching(
        /^--brand-accent:#ffd43b;--brand-on-accent:#000000;--brand-primary:#0b7285;--brand-on-primary:#ffffff;--mantine-color-brand-0:#/,
      ),
    });
    const bogus = await suite.ctx.app.inject({ method: 'GET', url: `${API_PREFIX}/join/BRANDZ` });
    expect(bogus.statusCode).toBe(404);
    expect(bogus.body).not.toContain('branding');
  });

  it('printed cards carry the logo (an SVG rendered to an image) on the caller sheet and every card', async () => {
    const made = await call('POST', `/rooms/${roomId}/printed-card-sets`, suite.as.ADMIN, {
      count: 2,
      cardsPerPage: 2,
    });
    expect(made.statusCode, made.body).toBe(200);
    const pdf = await call('GET', `/rooms/${roomId}/printed-card-sets/${made.json().id}/pdf`, suite.as.ADMIN);
    expect(pdf.statusCode).toBe(200);
    const dir = mkdtempSync(path.join(tmpdir(), 'brand-pdf-'));
    const file = path.join(dir, 'cards.pdf');
    writeFileSync(file, pdf.rawPayload);
    // pdfimages lists each drawing of an image: one on the caller sheet, one on each of the 2 cards.
    const list = execFileSync('pdfimages', ['-list', file]).toString().trim().split('\n').slice(2);
    expect(list.length).toBe(3);
    expect(list.map((line) => line.trim().split(/\s+/)[0])).toEqual(['1', '2', '2']);
  });
});
