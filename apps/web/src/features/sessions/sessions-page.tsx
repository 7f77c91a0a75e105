import { Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import type { SignInSession } from '@playshop/shared';
import { IconLogout } from '@tabler/icons-react';
import { formatDateTime } from '../../i18n/format';
import type { MessageId } from '../../i18n/i18n';
import { useT } from '../../i18n/locale-provider';
import { ButtonWithIcon } from '../../ui/button-with-icon';
import { ErrorAlert } from '../../ui/error-alert';
import { PageLoader } from '../../ui/page-loader';
import { PageTitle } from '../../ui/page-title';
import { TableHead } from '../../ui/table-head';
import { toastSuccess } from '../../ui/toast';
import { useEndMySessions, useMySessions } from './sessions-api';

const KIND_KEYS: Record<SignInSession['kind'], MessageId> = {
  password: 'sessions.kindPassword',
  sso: 'sessions.kindSso',
  two_factor: 'sessions.kindTwoFactor',
  player: 'sessions.kindPlayer',
  guest: 'sessions.kindGuest',
  lti: 'sessions.kindLti',
};

/** One session: its device and kind, address, last seen, and signing it out (not this device's). */
function SessionRow({
  session: s,
  signingOut,
  onSignOut,
}: {
  session: SignInSession;
  signingOut: boolean;
  onSignOut: () => void;
}) {
  const t = useT();
  return (
    <Table.Tr aria-current={s.current ? 'true' : undefined}>
      <Table.Td>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {s.userAgent || t('sessions.unknownDevice')}
        </Text>
        <Group gap={6} mt={4}>
          <Text size="xs" c="dimmed">
            {t(KIND_KEYS[s.kind])}
          </Text>
          {s.current && (
            <Badge size="sm" variant="light">
              {t('sessions.thisDevice')}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>{s.address}</Table.Td>
      <Table.Td>{formatDateTime(new Date(s.lastSeenAt))}</Table.Td>
      <Table.Td>
        {!s.current && (
          <Button size="xs" variant="light" color="red" loading={signingOut} onClick={onSignOut}>
            {t('sessions.signOut')}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** `/sessions`: where a staff member is signed in (device, address, last seen), and signing out elsewhere. */
export function SessionsPage() {
  const t = useT();
  const sessions = useMySessions();
  const end = useEndMySessions();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  const signOut = (id: string | null) =>
    end.mutate(id, { onSuccess: ({ ended }) => toastSuccess(t('sessions.signedOut', { count: ended })) });

  return (
    <Stack gap="lg" maw={860} mx="auto" py="xl">
      <PageTitle>{t('sessions.title')}</PageTitle>
      <Text c="dimmed">{t('sessions.intro')}</Text>
      {sessions.isPending && <PageLoader label={t('sessions.loading')} />}
      {sessions.isError && <ErrorAlert message={sessions.error.message} />}
      {end.isError && <ErrorAlert message={end.error.message} />}
      {sessions.data && (
        <Card withBorder radius="lg" padding="lg">
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label={t('sessions.title')} verticalSpacing="sm">
              <TableHead
                headings={[t('sessions.device'), t('sessions.address'), t('sessions.lastSeen'), '']}
              />
              <Table.Tbody>
                {sessions.data.map((s) => (
                  <SessionRow
                    key={s.id}
                    session={s}
                    signingOut={end.isPending && end.variables === s.id}
                    onSignOut={() => signOut(s.id)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="flex-end" mt="md">
            <ButtonWithIcon
              icon={IconLogout}
              color="red"
              variant="light"
              disabled={others === 0}
              loading={end.isPending && end.variables === null}
              onClick={() => signOut(null)}
            >
              {t('sessions.signOutOthers')}
            </ButtonWithIcon>
          </Group>
        </Card>
      )}
    </Stack>
  );
}
