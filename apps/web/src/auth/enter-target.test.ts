import type { Role } from '@playshop/shared';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../api/session-store';
import { enterTarget } from './enter-target';

const user = (role: Role, org = 'Acme', username = 'ada'): AuthUser => ({
  username,
  org,
  orgId: 1,
  role,
  userId: 1,
});

describe('enterTarget', () => {
  it.each([
    ['SUPER_ADMIN', '/Acme/admin/dashboard'],
    ['ADMIN', '/Acme/admin/dashboard'],
    ['FACILITATOR', '/Acme/facilitator/enter'],
    ['PLAYER', '/Acme/ada/dashboard'],
  ] as const)('sends %s to %s', (role, target) => {
    expect(enterTarget(user(role))).toBe(target);
  });

  it('sends nobody to the landing page', () => {
    expect(enterTarget(null)).toBe('/');
  });

  it('encodes organization and user names for the URL', () => {
    expect(enterTarget(user('ADMIN', 'Acme & Co/UK'))).toBe('/Acme%20%26%20Co%2FUK/admin/dashboard');
    expect(enterTarget(user('PLAYER', 'Acme Ltd', 'zoë #1'))).toBe('/Acme%20Ltd/zo%C3%AB%20%231/dashboard');
  });
});
