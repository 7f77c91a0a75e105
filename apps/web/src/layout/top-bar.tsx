import { ActionIcon, Burger, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { AuthUser } from '../api/session-store';
import { useLogout } from '../auth/auth-api';
import { useCurrentUser } from '../auth/auth-provider';
import { enterTarget } from '../auth/enter-target';
import { useT } from '../i18n/locale-provider';
import { LogoMark } from './logo';

const loadUserMenu = () => import('./user-menu');
const UserMenu = lazy(() => loadUserMenu().then((m) => ({ default: m.UserMenu })));

/**
 * The user menu's button; Mantine's Menu (with its floating layer) is fetched when the pointer or the
 * focus reaches the button and shown on the first click, so no one pays for it before using it.
 */
function AccountMenu({ user, onLogout }: { user: AuthUser; onLogout: () => void }) {
  const [wanted, setWanted] = useState(false);
  const label = useT()('frame.account', { name: user.username });
  const look = (
    <Group gap={6} wrap="nowrap">
      <IconUserCircle size={26} stroke={1.6} aria-hidden />
      <Text size="sm" fw={500} visibleFrom="md" truncate="end" maw={220}>
        {user.username}
      </Text>
      <IconChevronDown size={14} aria-hidden />
    </Group>
  );
  const placeholder = (
    <UnstyledButton
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      px={6}
      py={4}
      style={{ minWidth: 0 }}
      onPointerEnter={() => void loadUserMenu()}
      onFocus={() => void loadUserMenu()}
      onClick={() => setWanted(true)}
    >
      {look}
    </UnstyledButton>
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <UserMenu user={user} onLogout={onLogout} label={label} openOnMount>
        {look}
      </UserMenu>
    </Suspense>
  );
}

interface BurgerState {
  opened: boolean;
  toggle: () => void;
  controls: string;
}

/**
 * SPEC §2 top bar: the logo (the user's own home when signed in, '/' otherwise); when signed in a user
 * menu saying who, in which organization and role, and LOGOUT; otherwise the ORGANIZATION login link.
 */
export function TopBar({ burger }: { burger?: BurgerState }) {
  const user = useCurrentUser();
  const logout = useLogout();
  const t = useT();

  return (
    <Group h="100%" px={{ base: 'xs', xs: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap">
        {burger && (
          <Burger
            opened={burger.opened}
            onClick={burger.toggle}
            hiddenFrom="sm"
            size="sm"
            aria-label={t('frame.toggleNav')}
            aria-expanded={burger.opened}
            aria-controls={burger.controls}
          />
        )}
        <UnstyledButton component={Link} to={enterTarget(user)} aria-label={t('frame.home')}>
          <Group gap={8} wrap="nowrap">
            <LogoMark />
            <Text component="span" fw={800} fz="xl" c="brand.8" lh={1}>
              Playshop
            </Text>
          </Group>
        </UnstyledButton>
      </Group>

      <Group gap="xs" wrap="nowrap">
        {user ? (
          <>
            <AccountMenu user={user} onLogout={() => logout.mutate()} />
            <Button
              visibleFrom="xs"
              variant="default"
              leftSection={<IconLogout size={16} aria-hidden />}
              loading={logout.isPending}
              onClick={() => logout.mutate()}
            >
              {t('frame.logout')}
            </Button>
            <ActionIcon
              hiddenFrom="xs"
              variant="default"
              size="lg"
              aria-label={t('frame.logout')}
              loading={logout.isPending}
              onClick={() => logout.mutate()}
            >
              <IconLogout size={18} aria-hidden />
            </ActionIcon>
          </>
        ) : (
          <Button component={Link} to="/admin-login" variant="light">
            {t('frame.organization')}
          </Button>
        )}
      </Group>
    </Group>
  );
}
