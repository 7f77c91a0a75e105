import { Card, Group, Text } from '@mantine/core';
import { can } from '@playshop/shared';
import { IconLogout } from '@tabler/icons-react';
import { useCurrentUser } from '../../auth/auth-provider';
import { useT } from '../../i18n/locale-provider';
import { ButtonWithIcon } from '../../ui/button-with-icon';
import { toastSuccess } from '../../ui/toast';
import { useSignUserOut } from './sessions-api';

/** On a user's page (admins): sign them out of every device at once. */
export function SignUserOutPanel({ user }: { user: { id: number } }) {
  const t = useT();
  const actor = useCurrentUser();
  const signOut = useSignUserOut(user.id);
  if (!can(actor?.role, 'signUsersOut') || actor?.userId === user.id) return null;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={t('sessions.signUserOutTitle')}>
      <Group justify="space-between">
        <Text>{t('sessions.signUserOutExplained')}</Text>
        <ButtonWithIcon
          icon={IconLogout}
          color="red"
          variant="light"
          loading={signOut.isPending}
          onClick={() =>
            signOut.mutate(undefined, {
              onSuccess: ({ ended }) => toastSuccess(t('sessions.signedOut', { count: ended })),
            })
          }
        >
          {t('sessions.signUserOut')}
        </ButtonWithIcon>
      </Group>
    </Card>
  );
}
