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

/** SPEC §2 sidebar links, per area, with the permission each needs. The one place they are defined. */
const NAV_ITEMS: Record<NavArea, readonly NavItem[]> = {
  admin: [
    {
      label: 'Dashboard',
      target: { path: 'dashboard' },
      permission: 'readOrgDashboard',
      icon: IconLayoutDashboard,
    },
    { label: 'Admins', target: { path: 'admin-users' }, permission: 'manageAdmins', icon: IconUserShield },
    {
      label: 'Organization',
      target: { path: 'organizations' },
      permission: 'manageOrganizations',
      icon: IconBuilding,
    },
    { label: 'Players', target: { path: 'players' }, permission: 'managePlayers', icon: IconUsers },
    { label: 'Rooms', target: { path: 'rooms' }, permission: 'readRooms', icon: IconDoor },
    {
      label: 'Categories',
      target: { path: 'categories' },
      permission: 'manageCategories',
      icon: IconCategory,
    },
    { label: 'Content', target: { path: 'content' }, permission: 'manageContent', icon: IconPhotoVideo },
    { label: 'Materials', target: { path: 'materials' }, permission: 'readMaterials', icon: IconFolders },
    {
      label: 'Workshops',
      target: { path: 'workshops' },
      permission: 'manageWorkshops',
      icon: IconPresentation,
    },
    {
      label: 'Training',
      target: { setting: 'trainingUrl', fallbackPath: 'training' },
      permission: 'openAdminArea',
      icon: IconSchool,
    },
    { label: 'Settings', target: { path: 'settings' }, permission: 'readOrganization', icon: IconSettings },
    { label: 'Audit log', target: { path: 'audit-log' }, permission: 'readAuditLog', icon: IconHistory },
    { label: 'Insights', target: { path: 'insights' }, permission: 'openAdminArea', icon: IconChartBar },
  ],
  facilitator: [
    { label: 'Players', target: { path: 'players' }, permission: 'managePlayers', icon: IconUsers },
    { label: 'Rooms', target: { path: 'rooms' }, permission: 'readRooms', icon: IconDoor },
    { label: 'Materials', target: { path: 'materials' }, permission: 'readMaterials', icon: IconFolders },
    { label: 'Training', target: { path: 'training' }, permission: 'openFacilitatorArea', icon: IconBook2 },
    { label: 'Insights', target: { path: 'insights' }, permission: 'readRoomActivity', icon: IconChartBar },
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
