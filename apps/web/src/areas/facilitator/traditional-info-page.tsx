import { Anchor, Table, Text } from '@mantine/core';
import { BINGO_COLUMN_SIZE, BINGO_LETTERS } from '@playshop/shared';
import { IconDeviceMobile, IconFolders } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../../i18n/locale-provider';
import { InfoLinkGrid } from './info-links';
import { InfoPage, SessionSteps, useFacilitatorBase } from './info-page';
import { PrintedCardsPanel } from './printed-cards-panel';

/** `{org}/facilitator/traditional`: running the workshop in the room, on paper, without the live game. */
export function TraditionalInfoPage() {
  const { org, base } = useFacilitatorBase();
  const t = useT();
  return (
    <InfoPage title={t('facilitator.traditionalTitle')} subtitle={t('facilitator.traditionalSubtitle')}>
      <InfoLinkGrid
        links={[
          {
            to: `${base}/traditional/materials`,
            title: t('facilitator.materials'),
            description: t('facilitator.printMaterialsDescription'),
            icon: IconFolders,
          },
          {
            to: `${base}/enter`,
            title: t('facilitator.switchMode'),
            description: t('facilitator.switchModeDescription'),
            icon: IconDeviceMobile,
          },
        ]}
      />

      <SessionSteps
        steps={(['paperStep1', 'paperStep2', 'paperStep3'] as const).map((s) => t(`facilitator.${s}`))}
      >
        <Table mt="md" withTableBorder withColumnBorders maw={420} captionSide="top">
          <Table.Caption>{t('facilitator.numbersUnderLetter')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {BINGO_LETTERS.map((letter) => (
                <Table.Th key={letter} scope="col" ta="center">
                  {letter}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              {BINGO_LETTERS.map((letter, column) => (
                <Table.Td key={letter} ta="center">
                  {`${column * BINGO_COLUMN_SIZE + 1}–${(column + 1) * BINGO_COLUMN_SIZE}`}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </SessionSteps>

      <PrintedCardsPanel org={org} />

      <Text c="dimmed" size="sm">
        {t('facilitator.changedMind')}{' '}
        <Anchor component={Link} to={`${base}/online`} underline="always">
          {t('facilitator.runOnlineGame')}
        </Anchor>{' '}
        {t('facilitator.sameWorkshop')}
      </Text>
    </InfoPage>
  );
}
