import { describe, expect, it } from 'vitest';
import { isOrgExpired } from './permissions';

describe('isOrgExpired', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('never expires without a date', () => {
    expect(isOrgExpired(null, now)).toBe(false);
    expect(isOrgExpired(undefined, now)).toBe(false);
  });
  it('is valid through the whole expiry day', () => {
    expect(isOrgExpired('2026-03-10', now)).toBe(false);
    expect(isOrgExpired('2026-03-11', now)).toBe(false);
  });
  it('is expired from the next day', () => {
    expect(isOrgExpired('2026-03-09', now)).toBe(true);
    expect(isOrgExpired('2025-12-31', now)).toBe(true);
  });
});
