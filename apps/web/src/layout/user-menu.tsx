import { Menu, Text, UnstyledButton } from '@mantine/core';
import { isStaffRole, LANGUAGE_NAMES, type Role, STAFF_LANGUAGES } from '@playshop/shared';
import { IconCheck, IconDevices, IconLogout } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useSetAccountLanguage } from '../features/users/users-api';
import { type MessageId, staffLanguage } from '../i18n/i18n';
import { useLocale } from '../i18n/locale-provider';
import { loadMenuMessages } from './menu-messages';

/** The role's name in the menu. */
const ROLE_KEYS: Record<Role, MessageId> = {
  SUPER_ADMIN: 'menu.roleSuperAdmin',
  ADMIN: 'menu.roleAdmin',
  FACILITATOR: 'menu.roleFacilitator',
  PLAYER: 'menu.rolePlayer',
};
// Its words come with the menu (menu-messages.ts): this module is loaded when the menu is reached for.
await loadMenuMessages();

export interface UserMenuProps {
  user: { username: string; org: string; role: Role };
  onLogout: () => void;
  /** The trigger's look (the same as the button the top bar shows before this module is loaded). */
  children: ReactNode;
  /** The trigger's accessible name. */
  label: string;
  /** Open at once: the first click landed before this module was loaded. */
  openOnMount: boolean;
}

/**
 * The top bar's user menu: Mantine's Menu and its floating layer (@floating-ui, ~15 KB gzip), loaded
 * only when the user reaches for the menu (top-bar.tsx), so a player's phone never downloads it on
 * its way to a card (issue 11).
 */
export function UserMenu({ user, onLogout, children, label, openOnMount }: UserMenuProps) {
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  const { language, t } = useLocale();
  const setAccountLanguage = useSetAccountLanguage();
  const staffScreens = staffLanguage(language);
  useEffect(() => {
    if (!openOnMount) return;
    // This button replaced the placeholder the user clicked: focus comes back to it on close.
    target.current?.focus();
    setOpened(true);
  }, [openOnMount]);

  return (
    <Menu position="bottom-end" width={260} withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        <UnstyledButton ref={target} aria-label={label} px={6} py={4} style={{ minWidth: 0 }}>
          {children}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('menu.signedInAs')}</Menu.Label>
        <Text px="sm" pb={4} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {user.username}
        </Text>
        <Text px="sm" size="sm" style={{ overflowWrap: 'anywhere' }}>
          {user.org}
        </Text>
        <Text px="sm" pb="xs" size="sm" c="dimmed">
          {t(ROLE_KEYS[user.role])}
        </Text>
        <Menu.Divider />
        {isStaffRole(user.role) && (
          <>
            {/* The staff screens' language, kept with the account: every device shows it. */}
            <Menu.Label>{t('staff.language')}</Menu.Label>
            {STAFF_LANGUAGES.map((code) => (
              <Menu.Item
                key={code}
                lang={code}
                aria-current={code === staffScreens ? 'true' : undefined}
                rightSection={code === staffScreens ? <IconCheck size={16} aria-hidden /> : null}
                onClick={() => setAccountLanguage.mutate(code)}
              >
                {LANGUAGE_NAMES[code]}
              </Menu.Item>
            ))}
            <Menu.Divider />
            <Menu.Item component={Link} to="/sessions" leftSection={<IconDevices size={16} aria-hidden />}>
              {t('sessions.menuItem')}
            </Menu.Item>
          </>
        )}
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={onLogout}>
          {t('menu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
