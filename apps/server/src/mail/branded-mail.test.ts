import { tmpdir } from 'node:os';
import { contrastRatio } from '@playshop/shared';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp';
import { brandedMail } from './branded-mail';
import { createMailer } from './mailer';

const quiet = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;
// A 1×1 PNG: what the branding service hands a mail (SVG logos arrive already rendered to PNG).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const input = {
  to: 'ada@example.com',
  subject: 'Setzen Sie Ihr Passwort zurück',
  paragraphs: [
    'Jemand möchte das Passwort zurücksetzen.',
    'Waren Sie es nicht, ignorieren Sie diese Nachricht.',
  ],
  link: { label: 'Neues Passwort wählen', href: 'http://localhost:3000/reset-password?token=a&b' },
  language: 'de',
};

let smtp: TestSmtpServer | undefined;
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
});

async function deliver(message: ReturnType<typeof brandedMail>) {
  smtp = await startSmtpServer();
  const mailer = createMailer({
    smtpUrl: smtp.url,
    from: 'no-reply@playshop.test',
    outboxDir: tmpdir(),
    log: quiet,
  });
  await mailer.send(message);
  mailer.close();
  return smtp.waitFor(message.to);
}

describe('a mail in the organization’s look', () => {
  it('arrives with its logo inline, its name on a band of its colour and a readable button', async () => {
    const brand = {
      orgName: 'Acme <Training>',
      primaryColor: '#ffd43b',
      accentColor: null,
      logoUrl: '/api/v1/org-logos/1/x.png',
      css: '',
      logoPng: PNG,
    };
    const mail = await deliver(brandedMail({ ...input, brand }));
    expect(mail.subject).toBe(input.subject);
    expect(mail.html).toContain('lang="de"');
    // The name is escaped, on the brand's yellow with the text colour that keeps 4.5:1 (black).
    expect(mail.html).toMatch(/background:#ffd43b;color:#000000[^>]*>.*Acme &lt;Training&gt;/);
    // The reader (mailparser, as a mail client does) resolves the inline logo from its cid.
    expect(mail.html).toContain(`<img src="data:image/png;base64,${PNG.toString('base64')}"`);
    expect(mail.attachments).toEqual([{ cid: 'logo@playshop', contentType: 'image/png', size: PNG.length }]);
    // The button's colour is a shade of the yellow that white text reads at 4.5:1 or better.
    const button = /<a href="[^"]*" style="display:inline-block;background:(#[0-9a-f]{6});color:#ffffff/.exec(
      mail.html,
    )?.[1];
    expect(button).toBeDefined();
    expect(contrastRatio(button!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(mail.html).toContain('href="http://localhost:3000/reset-password?token=a&amp;b"');
    // The plain-text part carries the same words and the bare link.
    expect(mail.text).toContain(input.paragraphs[0]);
    expect(mail.text).toContain(input.link.href);
    expect(mail.text).toContain(input.paragraphs[1]);
  });

  it('keeps Playshop’s own look, with no logo, when the organization set none', async () => {
    const mail = await deliver(brandedMail({ ...input, language: 'en', brand: null }));
    expect(mail.html).toMatch(/background:#6741d9;color:#ffffff[^>]*>Playshop</);
    expect(mail.html).not.toContain('cid:');
    expect(mail.attachments).toEqual([]);
  });

  it('reads right to left in Arabic, left to right in the other staff languages (issue 44)', () => {
    const arabic = brandedMail({ ...input, language: 'ar', brand: null });
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    const french = brandedMail({ ...input, language: 'fr', brand: null });
    expect(french.html).toContain('<html lang="fr" dir="ltr">');
  });
});
