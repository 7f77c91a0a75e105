/**
 * Authorization-matrix rows of training playlists and the product-wide links. Kept beside
 * `authz-matrix.ts`, which spreads `trainingRows()` into AUTHZ_MATRIX. Settings are super admin only;
 * every signed-in role reads its own role's playlist. None of these routes targets an organization.
 */
import { ROLES, type Role } from '@playshop/shared';
import { type AuthzRow, allowed, type Expect } from './authz-matrix';

const SUPER: readonly Role[] = ['SUPER_ADMIN'];
const same = (expect: Expect) => ({ own: expect, other: expect });
const none = { kind: 'none' } as const;

export function trainingRows(): AuthzRow[] {
  return [
    {
      method: 'GET',
      path: '/training-settings',
      ...same(allowed(SUPER)),
      request: () => ({ url: '/training-settings' }),
    },
    {
      method: 'PUT',
      path: '/training-settings',
      ...same(allowed(SUPER)),
      // Every role without a playlist, so the playlist row below needs no YouTube.
      request: () => ({
        url: '/training-settings',
        payload: { SUPER_ADMIN: none, ADMIN: none, FACILITATOR: none, PLAYER: none },
      }),
    },
    {
      method: 'GET',
      path: '/training/playlist',
      ...same(allowed(ROLES)),
      request: () => ({ url: '/training/playlist' }),
    },
    {
      method: 'PUT',
      path: '/public-settings',
      ...same(allowed(SUPER)),
      request: () => ({
        url: '/public-settings',
        payload: {
          reportIssueUrl: 'mailto:admin@playshop.test',
          statusUrl: 'http://localhost:3000/health',
          trainingUrl: '',
        },
      }),
    },
  ];
}
