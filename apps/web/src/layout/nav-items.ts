import { can, type Permission, type PublicSettings, type Role } from '@playshop/shared';
import {
  IconBook2,
  IconBuilding,
  IconCategory,
  IconChartBar,
  IconDoor,
  IconFolders,
  IconHistory,
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

interface NavItem {
  label: string;
  /** A path below the area's base ('players'), or a setting holding an external address. */
  target: { path: string } | { setting: keyof PublicSettings; fallbackPath: string };
  /** What the link's screen needs, on top of the area's own permission. */
  permission: Permission;
  icon: NavIcon;
}

/** Who may open each area at all; a link shows when the role has both this and the link's permission. */
const AREA_PERMISSION: Record<NavArea, Permission> = {
  admin: 'openAdminArea',
  facilitator: 'openFacilitatorArea',
};

/** A link to a page of the area (`path` below its base). */
const page = (label: string, path: string, permission: Permission, icon: NavIcon): NavItem => ({
  label,
  target: { path },
  permission,
  icon,
});

// The links both areas show.
const players = page('Players', 'players', 'managePlayers', IconUsers);
const rooms = page('Rooms', 'rooms', 'readRooms', IconDoor);
const materials = page('Materials', 'materials', 'readMaterials', IconFolders);

/** SPEC §2 sidebar links, per area, with the permission each needs. The one place they are defined. */
const NAV_ITEMS: Record<NavArea, readonly NavItem[]> = {
  admin: [
    page('Dashboard', 'dashboard', 'readOrgDashboard', IconLayoutDashboard),
    page('Admins', 'admin-users', 'manageAdmins', IconUserShield),
    page('Organization', 'organizations', 'manageOrganizations', IconBuilding),
    players,
    rooms,
    page('Categories', 'categories', 'manageCategories', IconCategory),
    page('Content', 'content', 'manageContent', IconPhotoVideo),
    materials,
    page('Workshops', 'workshops', 'manageWorkshops', IconPresentation),
    {
      label: 'Training',
      target: { setting: 'trainingUrl', fallbackPath: 'training' },
      permission: 'openAdminArea',
      icon: IconSchool,
    },
    page('Settings', 'settings', 'readOrganization', IconSettings),
    page('Audit log', 'audit-log', 'readAuditLog', IconHistory),
    page('Insights', 'insights', 'openAdminArea', IconChartBar),
  ],
  facilitator: [
    players,
    rooms,
    materials,
    page('Training', 'training', 'openFacilitatorArea', IconBook2),
    page('Insights', 'insights', 'readRoomActivity', IconChartBar),
  ],
};

interface ResolvedNavLink {
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
    .filter((item) => can(role, AREA_PERMISSION[area]) && can(role, item.permission))
    .map((item) => {
      const href =
        'path' in item.target
          ? `${basePath}/${item.target.path}`
          : settingHref(item.target, basePath, settings);
      return { label: item.label, href, isExternal: isExternalHref(href), icon: item.icon };
    });
}
