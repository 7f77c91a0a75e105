import { ActionIcon, Burger, Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { ROLE_LABELS } from '@playshop/shared';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLogout } from '../auth/api/use-logout';
import { useCurrentUser } from '../auth/auth-provider';
import { enterTarget } from '../auth/enter-target';
import { LogoMark } from './logo';

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

  return (
    <Group h="100%" px={{ base: 'xs', xs: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap">
        {burger && (
          <Burger
            opened={burger.opened}
            onClick={burger.toggle}
            hiddenFrom="sm"
            size="sm"
            aria-label="Toggle navigation"
            aria-expanded={burger.opened}
            aria-controls={burger.controls}
          />
        )}
        <UnstyledButton component={Link} to={enterTarget(user)} aria-label="Playshop home">
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
            <Menu position="bottom-end" width={260} withinPortal>
              <Menu.Target>
                <UnstyledButton
                  aria-label={`Account: ${user.username}`}
                  px={6}
                  py={4}
                  style={{ minWidth: 0 }}
                >
                  <Group gap={6} wrap="nowrap">
                    <IconUserCircle size={26} stroke={1.6} aria-hidden />
                    <Text size="sm" fw={500} visibleFrom="md" truncate="end" maw={220}>
                      {user.username}
                    </Text>
                    <IconChevronDown size={14} aria-hidden />
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>Signed in as</Menu.Label>
                <Text px="sm" pb={4} fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {user.username}
                </Text>
                <Text px="sm" size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {user.org}
                </Text>
                <Text px="sm" pb="xs" size="sm" c="dimmed">
                  {ROLE_LABELS[user.role]}
                </Text>
                <Menu.Divider />
                <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => logout.mutate()}>
                  Logout
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
            <Button
              visibleFrom="xs"
              variant="default"
              leftSection={<IconLogout size={16} aria-hidden />}
              loading={logout.isPending}
              onClick={() => logout.mutate()}
            >
              LOGOUT
            </Button>
            <ActionIcon
              hiddenFrom="xs"
              variant="default"
              size="lg"
              aria-label="LOGOUT"
              loading={logout.isPending}
              onClick={() => logout.mutate()}
            >
              <IconLogout size={18} aria-hidden />
            </ActionIcon>
          </>
        ) : (
          <Button component={Link} to="/admin-login" variant="light">
            ORGANIZATION
          </Button>
        )}
      </Group>
    </Group>
  );
}
