import { Card, Title } from '@mantine/core';
import { IconDeviceMobile, IconPresentation } from '@tabler/icons-react';
import { useId } from 'react';
import { RoomActivityList } from '../../features/rooms/room-activity-list';
import { useT } from '../../i18n/locale-provider';
import { InfoLinkGrid } from './info-links';
import { InfoPage, useFacilitatorBase } from './info-page';

/**
 * `{org}/facilitator/enter`: the facilitator's home. Their organization's rooms first, each run in one
 * click, then the choice of how to deliver the workshop.
 */
export function FacilitatorEnterPage() {
  const { org, base } = useFacilitatorBase();
  const roomsHeadingId = useId();
  const t = useT();
  return (
    <InfoPage title={t('facilitator.enterTitle')} subtitle={t('facilitator.enterSubtitle')}>
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={roomsHeadingId}>
        <Title order={2} fz="lg" mb="md" id={roomsHeadingId}>
          {t('facilitator.yourRooms')}
        </Title>
        <RoomActivityList org={org} emptyText={t('facilitator.noRoomsYet')} />
      </Card>
      <InfoLinkGrid
        large
        links={[
          {
            to: `${base}/traditional`,
            title: t('facilitator.traditionalTitle'),
            description: t('facilitator.traditionalDescription'),
            icon: IconPresentation,
          },
          {
            to: `${base}/online`,
            title: t('facilitator.onlineTitle'),
            description: t('facilitator.onlineDescription'),
            icon: IconDeviceMobile,
          },
        ]}
      />
    </InfoPage>
  );
}
