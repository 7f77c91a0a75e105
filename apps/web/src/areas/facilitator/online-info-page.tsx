import { Anchor, List, Text } from '@mantine/core';
import { IconBook2, IconDoor, IconFolders, IconUsers } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useT } from '../../i18n/locale-provider';
import { InfoLinkGrid } from './info-links';
import { InfoPage, InfoSection, StrongText } from './info-page';

/** `{org}/facilitator/online`: what the web-based game asks of the facilitator, and where each step is. */
export function OnlineInfoPage() {
  const org = useParams().org ?? '';
  const base = `/${encodeURIComponent(org)}/facilitator`;
  const t = useT();
  return (
    <InfoPage title={t('facilitator.onlineTitle')} subtitle={t('facilitator.onlineSubtitle')}>
      <InfoLinkGrid
        links={[
          {
            to: `${base}/online/rooms`,
            title: t('facilitator.rooms'),
            description: t('facilitator.roomsDescription'),
            icon: IconDoor,
          },
          {
            to: `${base}/online/players`,
            title: t('facilitator.players'),
            description: t('facilitator.playersDescription'),
            icon: IconUsers,
          },
          {
            to: `${base}/online/materials`,
            title: t('facilitator.materials'),
            description: t('facilitator.materialsDescription'),
            icon: IconFolders,
          },
          {
            to: `${base}/online/training`,
            title: t('facilitator.training'),
            description: t('facilitator.trainingDescription'),
            icon: IconBook2,
          },
        ]}
      />

      <InfoSection title={t('facilitator.howSessionRuns')}>
        <List type="ordered" spacing="xs">
          {(['onlineStep1', 'onlineStep2', 'onlineStep3', 'onlineStep4'] as const).map((step) => (
            <List.Item key={step}>
              <StrongText text={t(`facilitator.${step}`)} />
            </List.Item>
          ))}
        </List>
      </InfoSection>

      <Text>
        {t('facilitator.onPaperInstead')}{' '}
        <Anchor component={Link} to={`${base}/enter`} underline="always">
          {t('facilitator.chooseAnotherMode')}
        </Anchor>
        {t('facilitator.onPaperInsteadEnd')}
      </Text>
    </InfoPage>
  );
}
