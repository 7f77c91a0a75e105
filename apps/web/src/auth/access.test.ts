import type { Role } from '@playshop/shared';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../api/session-store';
import { decideAccess } from './access';

const user = (role: Role, org = 'Acme'): AuthUser => ({ username: 'ada', org, orgId: 1, role, userId: 1 });

describe('decideAccess', () => {
  it('sends a visitor without a session to the landing page', () => {
    expect(decideAccess({ user: null, permission: 'openAdminArea' })).toBe('login');
  });

  it('refuses a role that is not allowed', () => {
    expect(decideAccess({ user: user('PLAYER'), permission: 'openAdminArea' })).toBe('unauthorized');
    expect(decideAccess({ user: user('FACILITATOR'), permission: 'openAdminArea' })).toBe('unauthorized');
    expect(decideAccess({ user: user('ADMIN'), permission: 'openPlayerArea' })).toBe('unauthorized');
  });

  it('lets the allowed roles in on their own organization', () => {
    for (const role of ['SUPER_ADMIN', 'ADMIN', 'FACILITATOR'] as const) {
      expect(decideAccess({ user: user(role), permission: 'openFacilitatorArea', orgParam: 'Acme' })).toBe(
        'allow',
      );
    }
  });

  it("refuses another organization's pages, except to a super admin", () => {
    expect(decideAccess({ user: user('ADMIN'), permission: 'openAdminArea', orgParam: 'Globex' })).toBe(
      'unauthorized',
    );
    expect(decideAccess({ user: user('SUPER_ADMIN'), permission: 'openAdminArea', orgParam: 'Globex' })).toBe(
      'allow',
    );
  });

  it("refuses a player another player's pages", () => {
    const player = user('PLAYER');
    expect(
      decideAccess({ user: player, permission: 'openPlayerArea', orgParam: 'Acme', usernameParam: 'ada' }),
    ).toBe('allow');
    expect(
      decideAccess({ user: player, permission: 'openPlayerArea', orgParam: 'Acme', usernameParam: 'bob' }),
    ).toBe('unauthorized');
  });
});
