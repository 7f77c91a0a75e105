import { Box, NavLink, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link, Outlet, useLocation, useParams } from 'react-router';
import { useCurrentUser } from '../auth/auth-provider';
import { OrgExpiryGate } from '../features/organizations/org-expiry-gate';
import { usePublicSettings } from '../features/settings/settings-api';
import type { StaffMessageId } from '../i18n/i18n';
import { useT } from '../i18n/locale-provider';
import { AppFrame } from './app-frame';
import { type NavArea, navLinksFor } from './nav-items';

interface SideNavProps {
  area: NavArea;
  /** The area's base path, e.g. /Acme/admin. */
  basePath: string;
  orgName: string;
}

/** The links' names on the staff screens (nav-items.ts keeps the English, its one name per link). */
const LABEL_KEYS: Record<string, StaffMessageId> = {
  Dashboard: 'common.navDashboard',
  Admins: 'common.navAdmins',
  Organization: 'common.navOrganization',
  Players: 'common.navPlayers',
  Rooms: 'common.navRooms',
  Categories: 'common.navCategories',
  Content: 'common.navContent',
  Materials: 'common.navMaterials',
  Workshops: 'common.navWorkshops',
  Training: 'common.navTraining',
  Settings: 'common.navSettings',
  'Audit log': 'common.navAuditLog',
  Insights: 'common.navInsights',
};

/** SPEC §2 side navigation: the organization name and the links the user's role may use. */
export function SideNav({ area, basePath, orgName }: SideNavProps) {
  const t = useT();
  const user = useCurrentUser();
  const settings = usePublicSettings();
  const { pathname } = useLocation();
  if (!user) return null;

  const links = navLinksFor(area, user.role, basePath, settings.data);

  return (
    <Stack gap="xs">
      <Box px="sm" py="xs">
        <Text size="xs" tt="uppercase" fw={700} c="dimmed">
          {t('common.navOrganizationHeading')}
        </Text>
        <Text fw={700} fz="lg" lineClamp={2}>
          {orgName}
        </Text>
      </Box>
      <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {links.map(({ label, href, isExternal, icon: Icon }) => {
          const isActive = !isExternal && (pathname === href || pathname.startsWith(`${href}/`));
          return (
            <li key={label}>
              {isExternal ? (
                <NavLink
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  label={LABEL_KEYS[label] ? t(LABEL_KEYS[label]) : label}
                  leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
                  rightSection={<IconExternalLink size={14} aria-hidden />}
                />
              ) : (
                <NavLink
                  component={Link}
                  to={href}
                  label={LABEL_KEYS[label] ? t(LABEL_KEYS[label]) : label}
                  active={isActive}
                  aria-current={isActive ? 'page' : undefined}
                  leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
                  fw={500}
                />
              )}
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}

/** Where each area's side navigation links from, under `/{org}/`. */
const AREA_PATHS: Record<NavArea, string> = { admin: 'admin', facilitator: 'facilitator/online' };

/**
 * An area's screens for the organization in the URL: the frame with the area's side navigation, then
 * the organization-expiry check around the page.
 */
export function AreaLayout({ area }: { area: NavArea }) {
  const org = useParams().org ?? '';
  const t = useT();
  const basePath = `/${encodeURIComponent(org)}/${AREA_PATHS[area]}`;
  return (
    <AppFrame
      navLabel={t(`${area}.navLabel`)}
      nav={<SideNav area={area} basePath={basePath} orgName={org} />}
    >
      <OrgExpiryGate>
        <Outlet />
      </OrgExpiryGate>
    </AppFrame>
  );
}
