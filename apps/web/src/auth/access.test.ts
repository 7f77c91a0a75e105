import { ADMIN_ROLES, type Role, STAFF_ROLES } from '@playshop/shared';
import { describe, expect, it } from 'vitest';
import { decideAccess } from './access';
import type { AuthUser } from './session-store';

const user = (role: Role, org = 'Acme'): AuthUser => ({ username: 'ada', org, orgId: 1, role, userId: 1 });

describe('decideAccess', () => {
  it('sends a visitor without a session to the landing page', () => {
    expect(decideAccess({ user: null, allowed: ADMIN_ROLES })).toBe('login');
  });

  it('refuses a role that is not allowed', () => {
    expect(decideAccess({ user: user('PLAYER'), allowed: ADMIN_ROLES })).toBe('unauthorized');
    expect(decideAccess({ user: user('FACILITATOR'), allowed: ADMIN_ROLES })).toBe('unauthorized');
    expect(decideAccess({ user: user('ADMIN'), allowed: ['PLAYER'] })).toBe('unauthorized');
  });

  it('lets the allowed roles in on their own organization', () => {
    for (const role of STAFF_ROLES) {
      expect(decideAccess({ user: user(role), allowed: STAFF_ROLES, orgParam: 'Acme' })).toBe('allow');
    }
  });

  it("refuses another organization's pages, except to a super admin", () => {
    expect(decideAccess({ user: user('ADMIN'), allowed: ADMIN_ROLES, orgParam: 'Globex' })).toBe(
      'unauthorized',
    );
    expect(decideAccess({ user: user('SUPER_ADMIN'), allowed: ADMIN_ROLES, orgParam: 'Globex' })).toBe(
      'allow',
    );
  });

  it("refuses a player another player's pages", () => {
    const player = user('PLAYER');
    expect(decideAccess({ user: player, allowed: ['PLAYER'], orgParam: 'Acme', usernameParam: 'ada' })).toBe(
      'allow',
    );
    expect(decideAccess({ user: player, allowed: ['PLAYER'], orgParam: 'Acme', usernameParam: 'bob' })).toBe(
      'unauthorized',
    );
  });
});
