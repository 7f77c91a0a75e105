import { ADMIN_ROLES, type PublicSettings, type Role, STAFF_ROLES, SUPER_ADMIN_ONLY } from '@playshop/shared';
import {
  IconBook2,
  IconBuilding,
  IconCategory,
  IconDoor,
  IconFolders,
  IconLayoutDashboard,
  IconPhotoVideo,
  IconPresentation,
  IconSchool,
  IconSettings,
  IconUserShield,
  IconUsers,
} from '@tabler/icons-react';
import { isExternalHref } from '../ui/external-href';

export type NavArea = 'admin' | 'facilitator';

type NavIcon = typeof IconUsers;

export interface NavItem {
  label: string;
  /** A path below the area's base ('players'), or a setting holding an external address. */
  target: { path: string } | { setting: keyof PublicSettings; fallbackPath: string };
  roles: readonly Role[];
  icon: NavIcon;
}

/** SPEC §2 sidebar links, per area, with the roles that see each. The one place they are defined. */
export const NAV_ITEMS: Record<NavArea, readonly NavItem[]> = {
  admin: [
    { label: 'Dashboard', target: { path: 'dashboard' }, roles: ADMIN_ROLES, icon: IconLayoutDashboard },
    { label: 'Admins', target: { path: 'admin-users' }, roles: ADMIN_ROLES, icon: IconUserShield },
    { label: 'Organization', target: { path: 'organizations' }, roles: SUPER_ADMIN_ONLY, icon: IconBuilding },
    { label: 'Players', target: { path: 'players' }, roles: ADMIN_ROLES, icon: IconUsers },
    { label: 'Rooms', target: { path: 'rooms' }, roles: ADMIN_ROLES, icon: IconDoor },
    { label: 'Categories', target: { path: 'categories' }, roles: SUPER_ADMIN_ONLY, icon: IconCategory },
    { label: 'Content', target: { path: 'content' }, roles: SUPER_ADMIN_ONLY, icon: IconPhotoVideo },
    { label: 'Materials', target: { path: 'materials' }, roles: ADMIN_ROLES, icon: IconFolders },
    { label: 'Workshops', target: { path: 'workshops' }, roles: SUPER_ADMIN_ONLY, icon: IconPresentation },
    {
      label: 'Training',
      target: { setting: 'trainingUrl', fallbackPath: 'training' },
      roles: ADMIN_ROLES,
      icon: IconSchool,
    },
    { label: 'Settings', target: { path: 'settings' }, roles: ADMIN_ROLES, icon: IconSettings },
  ],
  facilitator: [
    { label: 'Players', target: { path: 'players' }, roles: STAFF_ROLES, icon: IconUsers },
    { label: 'Rooms', target: { path: 'rooms' }, roles: STAFF_ROLES, icon: IconDoor },
    { label: 'Materials', target: { path: 'materials' }, roles: STAFF_ROLES, icon: IconFolders },
    { label: 'Training', target: { path: 'training' }, roles: STAFF_ROLES, icon: IconBook2 },
  ],
};

export interface ResolvedNavLink {
  label: string;
  href: string;
  /** SPEC §2: links starting with http open in a new tab. */
  isExternal: boolean;
  icon: NavIcon;
}

function settingHref(
  target: { setting: keyof PublicSettings; fallbackPath: string },
  basePath: string,
  settings?: Partial<PublicSettings>,
): string {
  const configured = settings?.[target.setting];
  // Only a real web address leaves the app; anything else (unset, 'javascript:…') keeps the in-app page.
  return configured && isExternalHref(configured) ? configured : `${basePath}/${target.fallbackPath}`;
}

/** The links one role sees in one area, with addresses resolved against the area's base path. */
export function navLinksFor(
  area: NavArea,
  role: Role,
  basePath: string,
  settings?: Partial<PublicSettings>,
): ResolvedNavLink[] {
  return NAV_ITEMS[area]
    .filter((item) => item.roles.includes(role))
    .map((item) => {
      const href =
        'path' in item.target
          ? `${basePath}/${item.target.path}`
          : settingHref(item.target, basePath, settings);
      return { label: item.label, href, isExternal: isExternalHref(href), icon: item.icon };
    });
}
