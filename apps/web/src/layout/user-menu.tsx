import { Menu, Text, UnstyledButton } from '@mantine/core';
import { isStaffRole, LANGUAGE_NAMES, ROLE_LABELS, type Role, STAFF_LANGUAGES } from '@playshop/shared';
import { IconCheck, IconLogout } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSetAccountLanguage } from '../features/users/users-api';
import { type StaffMessageId, staffLanguage } from '../i18n/i18n';
import { useLocale } from '../i18n/locale-provider';
import { englishUnlessLoaded } from './frame-text';

/** The menu's words on a player's phone, which has no staff catalogue (frame-text.test.ts). */
export const MENU_ENGLISH = {
  'staff.signedInAs': 'Signed in as',
  'staff.logout': 'Logout',
} as const satisfies Partial<Record<StaffMessageId, string>>;
/** The role's name on the staff screens (ROLE_LABELS in English). */
const ROLE_KEYS: Record<Role, StaffMessageId> = {
  SUPER_ADMIN: 'users.roleSuperAdmin',
  ADMIN: 'users.roleAdmin',
  FACILITATOR: 'users.roleFacilitator',
  PLAYER: 'users.rolePlayer',
};
const say = (id: keyof typeof MENU_ENGLISH) => englishUnlessLoaded(id, MENU_ENGLISH[id]);

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
        <Menu.Label>{say('staff.signedInAs')}</Menu.Label>
        <Text px="sm" pb={4} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {user.username}
        </Text>
        <Text px="sm" size="sm" style={{ overflowWrap: 'anywhere' }}>
          {user.org}
        </Text>
        <Text px="sm" pb="xs" size="sm" c="dimmed">
          {englishUnlessLoaded(ROLE_KEYS[user.role], ROLE_LABELS[user.role])}
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
          </>
        )}
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={onLogout}>
          {say('staff.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
