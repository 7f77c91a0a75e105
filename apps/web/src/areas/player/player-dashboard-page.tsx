import { Button, Card, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDoorEnter, IconSchool } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PlayerHistory } from '../../features/insights/player-history';
import { useOrgRooms } from '../../features/rooms/rooms-api';
import { useT } from '../../i18n/locale-provider';
import { PageLoader } from '../../ui/page-loader';
import { PageTitle } from '../../ui/page-title';
import { RetryAlert } from '../../ui/retry-alert';
import { TruncatedText } from '../../ui/truncated-text';

/** `{org}/{username}/dashboard`: the player's room list with Join. */
export function PlayerDashboardPage() {
  const { org = '', username = '' } = useParams();
  const rooms = useOrgRooms(org);
  const base = `/${encodeURIComponent(org)}/${encodeURIComponent(username)}`;
  const t = useT();

  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="md">
          <PageTitle subtitle={t('dashboard.hello', { name: username })}>{t('dashboard.rooms')}</PageTitle>
          <Button
            component={Link}
            to={`${base}/training`}
            variant="default"
            leftSection={<IconSchool size={18} aria-hidden />}
          >
            {t('dashboard.training')}
          </Button>
        </Group>

        {rooms.isPending && <PageLoader label={t('dashboard.loading')} />}
        {rooms.isError && (
          <RetryAlert
            title={t('dashboard.loadFailed')}
            retry={t('dashboard.tryAgain')}
            onRetry={() => rooms.refetch()}
          />
        )}
        {rooms.data?.length === 0 && (
          <Text py="xl" ta="center">
            {t('dashboard.noRooms')}
          </Text>
        )}
        {rooms.data && rooms.data.length > 0 && (
          <SimpleGrid
            cols={{ base: 1, sm: 2 }}
            spacing="md"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
          >
            {rooms.data.map((room) => (
              <Card component="li" key={room.id} withBorder radius="lg" padding="lg">
                <Group justify="space-between" align="center" wrap="nowrap" gap="md">
                  <div style={{ minWidth: 0, flex: 1 }}>
                    <TruncatedText component="h2" lines={2} fz="lg" fw={700} m={0}>
                      {room.name}
                    </TruncatedText>
                    <TruncatedText size="sm" c="dimmed">
                      {room.workshop.name}
                    </TruncatedText>
                  </div>
                  <Button
                    component={Link}
                    to={`${base}/play-game/${room.id}`}
                    leftSection={<IconDoorEnter size={18} aria-hidden />}
                    aria-label={t('dashboard.joinRoom', { room: room.name })}
                    style={{ flexShrink: 0 }}
                  >
                    {t('player.join')}
                  </Button>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
        <PlayerHistory />
      </Stack>
    </Container>
  );
}
