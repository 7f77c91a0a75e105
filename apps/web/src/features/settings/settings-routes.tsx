import type { RouteObject } from 'react-router';
import { lazyComponent } from '../../lazy-component';

/** `{org}/admin/settings`, inside the admin layout. */
export const adminSettingsRoutes: RouteObject[] = [
  {
    path: 'settings',
    lazy: lazyComponent(
      () => import('./settings-page'),
      (m) => m.SettingsPage,
    ),
  },
];
