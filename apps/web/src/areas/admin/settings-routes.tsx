import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../route-helpers';

/** `{org}/admin/settings`, inside the admin layout. */
export const adminSettingsRoutes: RouteObject[] = [
  lazyRoute(
    'settings',
    () => import('./settings-page'),
    (m) => m.SettingsPage,
  ),
];
