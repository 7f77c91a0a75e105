import { describe, expect, it } from 'vitest';
import { ZCreateOrganization, ZEditOrganization } from './organizations';
import { pageMeta, ZPaging } from './pagination';
import { can, type PERMISSIONS, roleChoices, staffRoleChoices } from './permissions';
import { ROLES } from './roles';
import { ZCreateAdmin, ZEditPlayer } from './users';

describe('permissions (SPEC §6)', () => {
  it('gives each people-side action to exactly the roles the spec names', () => {
    const holders = (p: keyof typeof PERMISSIONS) => ROLES.filter((role) => can(role, p));
    expect(holders('manageOrganizations')).toEqual(['SUPER_ADMIN']);
    expect(holders('manageCategories')).toEqual(['SUPER_ADMIN']);
    expect(holders('manageAdmins')).toEqual(['SUPER_ADMIN', 'ADMIN']);
    expect(holders('managePlayers')).toEqual(['SUPER_ADMIN', 'ADMIN', 'FACILITATOR']);
    expect(holders('editOwnOrganization')).toEqual(['SUPER_ADMIN', 'ADMIN']);
    expect(holders('readAllOrganizations')).toEqual(['SUPER_ADMIN']);
    expect(can(null, 'managePlayers')).toBe(false);
  });

  it('offers Super Admin only to a super admin; the admin form never offers Player', () => {
    expect(roleChoices('SUPER_ADMIN')).toEqual(['SUPER_ADMIN', 'ADMIN', 'FACILITATOR', 'PLAYER']);
    expect(roleChoices('ADMIN')).toEqual(['ADMIN', 'FACILITATOR', 'PLAYER']);
    expect(roleChoices('FACILITATOR')).toEqual(['ADMIN', 'FACILITATOR', 'PLAYER']);
    expect(staffRoleChoices('ADMIN')).toEqual(['ADMIN', 'FACILITATOR']);
  });
});

describe('paging', () => {
  it('counts pages as ceil(count / size) with null at the ends', () => {
    expect(pageMeta(1, 10, 0)).toMatchObject({ totalPages: 0, nextPage: null, previousPage: null });
    expect(pageMeta(1, 10, 10)).toMatchObject({ totalPages: 1, nextPage: null });
    expect(pageMeta(1, 10, 11)).toMatchObject({ totalPages: 2, nextPage: 2, previousPage: null });
    expect(pageMeta(2, 10, 11)).toMatchObject({ nextPage: null, previousPage: 1 });
    expect(pageMeta(9, 10, 11)).toMatchObject({ nextPage: null, previousPage: 2 });
    expect(ZPaging.parse({})).toEqual({ page: 1, size: 10 });
    expect(ZPaging.safeParse({ page: '0', size: '10' }).success).toBe(false);
  });
});

describe('user and organization schemas', () => {
  it('accepts any spelling of a role and lower-cases emails', () => {
    const parsed = ZCreateAdmin.parse({
      firstName: ' A ',
      lastName: 'B',
      email: 'Someone@Example.COM',
      role: 'Facilitator',
      organizationId: '3',
      password: 'long enough',
      confirmPassword: 'long enough',
    });
    expect(parsed).toMatchObject({
      firstName: 'A',
      email: 'someone@example.com',
      role: 'FACILITATOR',
      organizationId: 3,
    });
  });

  it('requires an organization', () => {
    const result = ZEditPlayer.safeParse({
      id: 1,
      firstName: 'A',
      lastName: 'B',
      username: 'u',
      organizationId: '',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['organizationId'],
      message: 'This field is required',
    });
  });

  it('trims organization names and keeps left-out edit fields unset', () => {
    expect(ZCreateOrganization.parse({ name: '  Acme  ' }).name).toBe('Acme');
    expect(ZEditOrganization.parse({ id: 1, phone: '1' })).toEqual({ id: 1, phone: '1' });
    expect(ZEditOrganization.parse({ id: 1, phone: '', expiry: '' })).toEqual({
      id: 1,
      phone: null,
      expiry: null,
    });
  });
});
