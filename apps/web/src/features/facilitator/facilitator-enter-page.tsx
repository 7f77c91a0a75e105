import { Card, Container, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconDeviceMobile, IconPresentation } from '@tabler/icons-react';
import { useId } from 'react';
import { useParams } from 'react-router';
import { PageTitle } from '../../ui/page-title';
import { RoomActivityList } from '../rooms/room-activity-list';
import { InfoLinkCard } from './info-link-card';

/**
 * `{org}/facilitator/enter`: the facilitator's home. Their organization's rooms first, each run in one
 * click, then the choice of how to deliver the workshop.
 */
export function FacilitatorEnterPage() {
  const org = useParams().org ?? '';
  const base = `/${encodeURIComponent(org)}/facilitator`;
  const roomsHeadingId = useId();
  return (
    <Container size="md" px={0}>
      <Stack gap="xl">
        <PageTitle subtitle="Choose how you will deliver today's workshop.">Run a workshop</PageTitle>
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={roomsHeadingId}>
          <Title order={2} fz="lg" mb="md" id={roomsHeadingId}>
            Your rooms
          </Title>
          <RoomActivityList org={org} emptyText="No rooms yet: an admin of your organization creates them." />
        </Card>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <InfoLinkCard
            large
            to={`${base}/traditional`}
            title="Traditional delivery"
            description="Information pages and materials for a session run in the room, without the live game."
            icon={<IconPresentation size={28} />}
          />
          <InfoLinkCard
            large
            to={`${base}/online`}
            title="Web-based game"
            description="Run the live bingo game: players join the room from their own phones."
            icon={<IconDeviceMobile size={28} />}
          />
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
