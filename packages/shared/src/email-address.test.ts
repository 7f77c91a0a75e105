import { englishOf } from '@playshop/messages/english';
/**
 * E-mail addresses are checked as a browser's `<input type=email>` checks them (issue 42 item 5):
 * any domain ending, on the admin form, the organization's email and the password reset.
 * e2e/audit.test.ts holds the same lists against Chromium's own check.
 */
import { describe, expect, it } from 'vitest';
import { EMAIL_ADDRESS } from './input';
import { ZCreateOrganization } from './organizations';
import { ZRequestReset } from './schemas';
import { ZCreateAdmin } from './users';

/** Addresses a browser accepts: long and new domain endings among them. */
export const VALID_EMAILS = [
  'anna@lernwerk.koeln',
  'x@studio.photography',
  'info@stadt.berlin',
  'team@hafen.hamburg',
  'ada@acme.com',
  'o.brien+tag@sub.example.co.uk',
  "weird!#$%&'*/=?^_`{|}~-@example.org",
  'a@b',
  'x@xn--mller-kva.de',
];
/** Clearly not addresses: a browser refuses each. */
export const INVALID_EMAILS = [
  'no-at-sign',
  '@example.com',
  'anna@',
  'anna@@lernwerk.koeln',
  'anna lena@lernwerk.koeln',
  'anna@lernwerk..koeln',
  'anna@-lernwerk.koeln',
  'anna@lernwerk-.koeln',
  'anna@lernwerk.koeln.',
  'anna@lern_werk.koeln',
  'anna@[127.0.0.1]',
  'anna(comment)@lernwerk.koeln',
  `anna@${'a'.repeat(64)}.koeln`,
];

const admin = (email: string) =>
  ZCreateAdmin.safeParse({
    firstName: 'Anna',
    lastName: 'Lena',
    email,
    role: 'FACILITATOR',
    organizationId: 1,
    password: 'long enough',
    confirmPassword: 'long enough',
  });
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : (r.error?.issues.map((i) => englishOf(i.message)) ?? []);

describe("the browser's e-mail rule", () => {
  it.each(VALID_EMAILS)('accepts %s everywhere an address is typed', (email) => {
    expect(EMAIL_ADDRESS.test(email)).toBe(true);
    expect(messages(admin(email))).toEqual([]);
    expect(ZCreateOrganization.safeParse({ name: 'Lernwerk', email }).success).toBe(true);
    expect(ZRequestReset.safeParse({ email }).success).toBe(true);
  });

  it.each(INVALID_EMAILS)('refuses %s with the texts it always had', (email) => {
    expect(EMAIL_ADDRESS.test(email)).toBe(false);
    expect(messages(admin(email))).toContain('invalid email address');
    expect(messages(ZCreateOrganization.safeParse({ name: 'Lernwerk', email }))).toContain(
      'Invalid email address',
    );
    expect(messages(ZRequestReset.safeParse({ email }))).toContain('Invalid email address');
  });
});
