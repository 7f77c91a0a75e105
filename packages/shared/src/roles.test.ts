import { describe, expect, it } from 'vitest';
import { can } from './permissions';
import { normalizeRole } from './roles';

describe('normalizeRole', () => {
  it.each([
    ['SUPER_ADMIN', 'SUPER_ADMIN'],
    ['SUPERADMIN', 'SUPER_ADMIN'],
    ['super admin', 'SUPER_ADMIN'],
    ['ADMIN', 'ADMIN'],
    ['Admin', 'ADMIN'],
    ['Facilitator', 'FACILITATOR'],
    ['Player', 'PLAYER'],
    ['Participant', 'PLAYER'],
    [' player ', 'PLAYER'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeRole(input)).toBe(expected);
  });
  it.each([['ROOT'], [''], [42], [null], [undefined], ['ADMINS']])('rejects %s', (input) => {
    expect(normalizeRole(input)).toBeNull();
  });
  it('knows the admin-level set', () => {
    expect(can(normalizeRole('SUPERADMIN'), 'openAdminArea')).toBe(true);
    expect(can(normalizeRole('Admin'), 'openAdminArea')).toBe(true);
    expect(can(normalizeRole('Facilitator'), 'openAdminArea')).toBe(false);
    expect(can(normalizeRole('Participant'), 'openAdminArea')).toBe(false);
  });
});
