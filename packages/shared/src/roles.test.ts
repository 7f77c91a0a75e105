import { describe, expect, it } from 'vitest';
import { isAdminRole, normalizeRole } from './roles';

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
    expect(isAdminRole(normalizeRole('SUPERADMIN'))).toBe(true);
    expect(isAdminRole(normalizeRole('Admin'))).toBe(true);
    expect(isAdminRole(normalizeRole('Facilitator'))).toBe(false);
    expect(isAdminRole(normalizeRole('Participant'))).toBe(false);
  });
});
