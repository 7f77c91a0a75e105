import { Burger, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { ROLE_LABELS } from '@playshop/shared';
import { IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLogout } from '../api/use-logout';
import { useCurrentUser } from '../auth/auth-provider';
import { LogoMark } from './logo';

export interface BurgerState {
  opened: boolean;
  toggle: () => void;
  controls: string;
}

/** SPEC §2 top bar: logo home link; LOGOUT when logged in, otherwise the ORGANIZATION login link. */
export function TopBar({ burger }: { burger?: BurgerState }) {
  const user = useCurrentUser();
  const logout = useLogout();

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
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
        <UnstyledButton component={Link} to="/" aria-label="Playshop home">
          <Group gap={8} wrap="nowrap">
            <LogoMark />
            <Text component="span" fw={800} fz="xl" c="brand.8" lh={1}>
              Playshop
            </Text>
          </Group>
        </UnstyledButton>
      </Group>

      <Group gap="sm" wrap="nowrap">
        {user ? (
          <>
            <Text size="sm" c="dimmed" visibleFrom="sm">
              {user.username} · {ROLE_LABELS[user.role]}
            </Text>
            <Button
              variant="default"
              leftSection={<IconLogout size={16} aria-hidden />}
              loading={logout.isPending}
              onClick={() => logout.mutate()}
            >
              LOGOUT
            </Button>
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
