import { Anchor, List, Table, Text } from '@mantine/core';
import { BINGO_COLUMN_SIZE, BINGO_LETTERS } from '@playshop/shared';
import { IconDeviceMobile, IconFolders } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { InfoLinkGrid } from './info-links';
import { InfoPage, InfoSection } from './info-page';
import { PrintedCardsPanel } from './printed-cards-panel';

/** `{org}/facilitator/traditional`: running the workshop in the room, on paper, without the live game. */
export function TraditionalInfoPage() {
  const org = useParams().org ?? '';
  const base = `/${encodeURIComponent(org)}/facilitator`;
  return (
    <InfoPage
      title="Traditional delivery"
      subtitle="Run the workshop in the room, on paper, without phones or the live game."
    >
      <InfoLinkGrid
        links={[
          {
            to: `${base}/traditional/materials`,
            title: 'Materials',
            description: 'Download and print the handouts for your workshops.',
            icon: IconFolders,
          },
          {
            to: `${base}/enter`,
            title: 'Switch delivery mode',
            description: 'Go back and choose the web-based game instead.',
            icon: IconDeviceMobile,
          },
        ]}
      />

      <InfoSection title="How a session runs">
        <List type="ordered" spacing="xs">
          <List.Item>
            Before the session, open <strong>Materials</strong>, find the folder named after your workshop and
            download the handouts. Print one set per participant.
          </List.Item>
          <List.Item>Hand out the printed sheets and take the group through the sessions in order.</List.Item>
          <List.Item>
            For bingo on paper, call the numbers aloud with their letter (for example B 7). Participants mark
            them on their printed cards; the first to complete a row, column or diagonal calls bingo.
          </List.Item>
        </List>
        <Table mt="md" withTableBorder withColumnBorders maw={420} captionSide="top">
          <Table.Caption>Numbers under each letter</Table.Caption>
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
      </InfoSection>

      <PrintedCardsPanel org={org} />

      <Text c="dimmed" size="sm">
        Changed your mind?{' '}
        <Anchor component={Link} to={`${base}/online`} underline="always">
          Run the web-based game
        </Anchor>{' '}
        with the same workshop.
      </Text>
    </InfoPage>
  );
}
