import { describe, expect, it } from 'vitest';
import { ZCreateOrganization, ZEditOrganization } from './organizations';
import {
  can,
  ignoresLicenceExpiry,
  inScope,
  lockedOutByLicence,
  type PERMISSIONS,
  roleChoices,
  staffRoleChoices,
} from './permissions';
import { ROLES } from './roles';
import { ZCreateAdmin, ZEditPlayer } from './users';

describe('permissions (SPEC §6)', () => {
  it('gives each action to exactly the roles the spec names', () => {
    const holders = (p: keyof typeof PERMISSIONS) => ROLES.filter((role) => can(role, p));
    expect(holders('manageOrganizations')).toEqual(['SUPER_ADMIN']);
    expect(holders('manageCategories')).toEqual(['SUPER_ADMIN']);
    expect(holders('manageAdmins')).toEqual(['SUPER_ADMIN', 'ADMIN']);
    expect(holders('managePlayers')).toEqual(['SUPER_ADMIN', 'ADMIN', 'FACILITATOR']);
    expect(holders('editOwnOrganization')).toEqual(['SUPER_ADMIN', 'ADMIN']);
    expect(holders('readAllOrganizations')).toEqual(['SUPER_ADMIN']);
    expect(holders('manageContent')).toEqual(['SUPER_ADMIN']);
    expect(holders('manageWorkshops')).toEqual(['SUPER_ADMIN']);
    expect(holders('uploadImages')).toEqual(['SUPER_ADMIN']);
    expect(holders('readContent')).toEqual(['SUPER_ADMIN', 'ADMIN', 'FACILITATOR']);
    expect(holders('manageRooms')).toEqual(['SUPER_ADMIN', 'ADMIN']);
    expect(holders('runRooms')).toEqual(['SUPER_ADMIN', 'ADMIN', 'FACILITATOR']);
    expect(holders('readRooms')).toEqual([...ROLES]);
    expect(can(null, 'managePlayers')).toBe(false);
  });

  it('offers Super Admin only to a super admin; the admin form never offers Player', () => {
    expect(roleChoices('SUPER_ADMIN')).toEqual(['SUPER_ADMIN', 'ADMIN', 'FACILITATOR', 'PLAYER']);
    expect(roleChoices('ADMIN')).toEqual(['ADMIN', 'FACILITATOR', 'PLAYER']);
    expect(roleChoices('FACILITATOR')).toEqual(['ADMIN', 'FACILITATOR', 'PLAYER']);
    expect(staffRoleChoices('ADMIN')).toEqual(['ADMIN', 'FACILITATOR']);
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
      message: 'validation.required',
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

  it('keeps every role but the super admin to its own organization (tenancy)', () => {
    for (const role of ROLES) {
      expect(inScope({ role, orgId: 1 }, 1)).toBe(true);
      expect(inScope({ role, orgId: 1 }, 2)).toBe(role === 'SUPER_ADMIN');
    }
  });

  it('locks every role but the super admin out once the licence has ended, and nobody before', () => {
    const now = new Date('2026-05-10T12:00:00Z');
    for (const role of ROLES) {
      expect(ignoresLicenceExpiry(role)).toBe(role === 'SUPER_ADMIN');
      expect(lockedOutByLicence(role, '2026-05-09', now)).toBe(role !== 'SUPER_ADMIN');
      expect(lockedOutByLicence(role, '2026-05-10', now)).toBe(false);
      expect(lockedOutByLicence(role, null, now)).toBe(false);
    }
  });
});
