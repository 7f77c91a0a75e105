import { Anchor, Container, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { BINGO_COLUMN_SIZE, BINGO_LETTERS } from '@playshop/shared';
import { IconDeviceMobile, IconFolders } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../ui/page-title';
import { InfoLinkCard } from './info-link-card';
import { PrintedCardsPanel } from './printed-cards-panel';

/** `{org}/facilitator/traditional`: running the workshop in the room, on paper, without the live game. */
export function TraditionalInfoPage() {
  const org = useParams().org ?? '';
  const base = `/${encodeURIComponent(org)}/facilitator`;
  return (
    <Container size="md" px={0}>
      <Stack gap="xl">
        <PageTitle subtitle="Run the workshop in the room, on paper, without phones or the live game.">
          Traditional delivery
        </PageTitle>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <InfoLinkCard
            to={`${base}/traditional/materials`}
            title="Materials"
            description="Download and print the handouts for your workshops."
            icon={<IconFolders size={22} />}
          />
          <InfoLinkCard
            to={`${base}/enter`}
            title="Switch delivery mode"
            description="Go back and choose the web-based game instead."
            icon={<IconDeviceMobile size={22} />}
          />
        </SimpleGrid>

        <Paper
          withBorder
          radius="lg"
          p={{ base: 'md', sm: 'lg' }}
          component="section"
          aria-labelledby="traditional-steps"
        >
          <Title order={2} fz="lg" mb="sm" id="traditional-steps">
            How a session runs
          </Title>
          <List type="ordered" spacing="xs">
            <List.Item>
              Before the session, open <strong>Materials</strong>, find the folder named after your workshop
              and download the handouts. Print one set per participant.
            </List.Item>
            <List.Item>
              Hand out the printed sheets and take the group through the sessions in order.
            </List.Item>
            <List.Item>
              For bingo on paper, call the numbers aloud with their letter (for example B 7). Participants
              mark them on their printed cards; the first to complete a row, column or diagonal calls bingo.
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
        </Paper>

        <PrintedCardsPanel org={org} />

        <Text c="dimmed" size="sm">
          Changed your mind?{' '}
          <Anchor component={Link} to={`${base}/online`} underline="always">
            Run the web-based game
          </Anchor>{' '}
          with the same workshop.
        </Text>
      </Stack>
    </Container>
  );
}
