import { Anchor, Text } from '@mantine/core';
import { IconBook2, IconDoor, IconFolders, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../../i18n/locale-provider';
import { InfoLinkGrid } from './info-links';
import { InfoPage, SessionSteps, useFacilitatorBase } from './info-page';

// The online area's pages, each a card with its catalogue title and description.
const ONLINE_PAGES = [
  ['rooms', IconDoor],
  ['players', IconUsers],
  ['materials', IconFolders],
  ['training', IconBook2],
] as const;

/** `{org}/facilitator/online`: what the web-based game asks of the facilitator, and where each step is. */
export function OnlineInfoPage() {
  const { base } = useFacilitatorBase();
  const t = useT();
  return (
    <InfoPage title={t('facilitator.onlineTitle')} subtitle={t('facilitator.onlineSubtitle')}>
      <InfoLinkGrid
        links={ONLINE_PAGES.map(([page, icon]) => ({
          to: `${base}/online/${page}`,
          title: t(`facilitator.${page}`),
          description: t(`facilitator.${page}Description`),
          icon,
        }))}
      />

      <SessionSteps
        steps={(['onlineStep1', 'onlineStep2', 'onlineStep3', 'onlineStep4'] as const).map((step) =>
          t(`facilitator.${step}`),
        )}
      />

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
