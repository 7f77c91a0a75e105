import { ROLES, type Role } from '@playshop/shared';
import { describe, expect, it } from 'vitest';
import { isExternalHref } from '../ui/external-href';
import { navLinksFor } from './nav-items';

const labels = (area: 'admin' | 'facilitator', role: Role) =>
  navLinksFor(area, role, '/Acme/admin').map((link) => link.label);

describe('admin navigation', () => {
  it('shows a super admin every link of the spec', () => {
    expect(labels('admin', 'SUPER_ADMIN')).toEqual([
      'Dashboard',
      'Admins',
      'Organization',
      'Players',
      'Rooms',
      'Categories',
      'Content',
      'Materials',
      'Workshops',
      'Training',
      'Settings',
      'Audit log',
      'Insights',
    ]);
  });

  it('hides the super-admin-only links from an admin', () => {
    const superAdminOnly = ['Organization', 'Categories', 'Content', 'Workshops'];
    expect(labels('admin', 'ADMIN')).toEqual(
      labels('admin', 'SUPER_ADMIN').filter((label) => !superAdminOnly.includes(label)),
    );
  });

  it('shows nothing of the admin area to facilitators and players', () => {
    expect(labels('admin', 'FACILITATOR')).toEqual([]);
    expect(labels('admin', 'PLAYER')).toEqual([]);
  });

  it('builds addresses under the area and points Training at the external site when one is set', () => {
    const links = navLinksFor('admin', 'ADMIN', '/Acme%20Ltd/admin', {
      trainingUrl: 'https://learn.example.org/playshop',
    });
    expect(links.find((l) => l.label === 'Players')).toMatchObject({
      href: '/Acme%20Ltd/admin/players',
      isExternal: false,
    });
    expect(links.find((l) => l.label === 'Training')).toMatchObject({
      href: 'https://learn.example.org/playshop',
      isExternal: true,
    });
  });

  it.each(['', 'javascript:alert(1)'])(
    'falls back to the in-app training page when the setting is %j',
    (trainingUrl) => {
      const training = navLinksFor('admin', 'ADMIN', '/Acme/admin', { trainingUrl }).find(
        (l) => l.label === 'Training',
      );
      expect(training).toMatchObject({ href: '/Acme/admin/training', isExternal: false });
    },
  );
});

describe('facilitator navigation', () => {
  it('shows Players, Rooms, Materials, Training and Insights under online/ to facilitators and admins', () => {
    for (const role of ['FACILITATOR', 'ADMIN', 'SUPER_ADMIN'] as const) {
      const links = navLinksFor('facilitator', role, '/Acme/facilitator/online');
      expect(links.map((l) => [l.label, l.href])).toEqual([
        ['Players', '/Acme/facilitator/online/players'],
        ['Rooms', '/Acme/facilitator/online/rooms'],
        ['Materials', '/Acme/facilitator/online/materials'],
        ['Training', '/Acme/facilitator/online/training'],
        ['Insights', '/Acme/facilitator/online/insights'],
      ]);
    }
  });

  it('shows players no facilitator links', () => {
    expect(labels('facilitator', 'PLAYER')).toEqual([]);
  });
});

describe('the table', () => {
  it('never offers Settings to anyone but admins and super admins', () => {
    const withSettings = ROLES.filter((role) =>
      (['admin', 'facilitator'] as const).some((area) => labels(area, role).includes('Settings')),
    );
    expect(withSettings.sort()).toEqual(['ADMIN', 'SUPER_ADMIN']);
  });

  it('treats only http(s) addresses as external', () => {
    expect(isExternalHref('https://x.org')).toBe(true);
    expect(isExternalHref('HTTP://x.org')).toBe(true);
    expect(isExternalHref('/Acme/admin/training')).toBe(false);
    expect(isExternalHref('javascript:alert(1)')).toBe(false);
  });
});
