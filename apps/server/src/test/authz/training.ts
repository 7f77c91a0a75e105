/**
 * Authorization-matrix rows of training playlists and the product-wide links. Joined in `matrix.ts`, which spreads `trainingRows()` into AUTHZ_MATRIX. Settings are super admin only;
 * every signed-in role reads its own role's playlist. None of these routes targets an organization.
 */
import { ROLES } from '@playshop/shared';
import type { AuthzRow } from './core';
import { allowed, row, SUPER, same, unscopedGet } from './core';

const none = { kind: 'none' } as const;

export function trainingRows(): AuthzRow[] {
  return [
    unscopedGet('/training-settings', SUPER),
    // Every role without a playlist, so the playlist row below needs no YouTube.
    row('PUT', '/training-settings', same(allowed(SUPER)), () => ({
      url: '/training-settings',
      payload: { SUPER_ADMIN: none, ADMIN: none, FACILITATOR: none, PLAYER: none },
    })),
    unscopedGet('/training/playlist', ROLES),
    row('PUT', '/public-settings', same(allowed(SUPER)), () => ({
      url: '/public-settings',
      payload: {
        reportIssueUrl: 'mailto:admin@playshop.test',
        statusUrl: 'http://localhost:3000/health',
        trainingUrl: '',
      },
    })),
  ];
}
