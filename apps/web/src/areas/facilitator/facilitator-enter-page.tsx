import { Card, Title } from '@mantine/core';
import { IconDeviceMobile, IconPresentation } from '@tabler/icons-react';
import { useId } from 'react';
import { useParams } from 'react-router';
import { RoomActivityList } from '../../features/rooms/room-activity-list';
import { InfoLinkGrid } from './info-links';
import { InfoPage } from './info-page';

/**
 * `{org}/facilitator/enter`: the facilitator's home. Their organization's rooms first, each run in one
 * click, then the choice of how to deliver the workshop.
 */
export function FacilitatorEnterPage() {
  const org = useParams().org ?? '';
  const base = `/${encodeURIComponent(org)}/facilitator`;
  const roomsHeadingId = useId();
  return (
    <InfoPage title="Run a workshop" subtitle="Choose how you will deliver today's workshop.">
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={roomsHeadingId}>
        <Title order={2} fz="lg" mb="md" id={roomsHeadingId}>
          Your rooms
        </Title>
        <RoomActivityList org={org} emptyText="No rooms yet: an admin of your organization creates them." />
      </Card>
      <InfoLinkGrid
        large
        links={[
          {
            to: `${base}/traditional`,
            title: 'Traditional delivery',
            description:
              'Information pages and materials for a session run in the room, without the live game.',
            icon: IconPresentation,
          },
          {
            to: `${base}/online`,
            title: 'Web-based game',
            description: 'Run the live bingo game: players join the room from their own phones.',
            icon: IconDeviceMobile,
          },
        ]}
      />
    </InfoPage>
  );
}
