import { Anchor, Container, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBook2, IconDoor, IconFolders, IconUsers } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../ui/page-title';
import { InfoLinkCard } from './info-link-card';

/** `{org}/facilitator/online`: what the web-based game asks of the facilitator, and where each step is. */
export function OnlineInfoPage() {
  const org = useParams().org ?? '';
  const base = `/${encodeURIComponent(org)}/facilitator`;
  return (
    <Container size="md" px={0}>
      <Stack gap="xl">
        <PageTitle subtitle="Run the live bingo game: players join from their own phones while you lead the workshop.">
          Web-based game
        </PageTitle>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <InfoLinkCard
            to={`${base}/online/rooms`}
            title="Rooms"
            description="Open a room's lobby and run the live game."
            icon={<IconDoor size={22} />}
          />
          <InfoLinkCard
            to={`${base}/online/players`}
            title="Players"
            description="Add the participants and edit their usernames."
            icon={<IconUsers size={22} />}
          />
          <InfoLinkCard
            to={`${base}/online/materials`}
            title="Materials"
            description="Download handouts and documents for your workshops."
            icon={<IconFolders size={22} />}
          />
          <InfoLinkCard
            to={`${base}/online/training`}
            title="Training"
            description="Watch the facilitator training videos."
            icon={<IconBook2 size={22} />}
          />
        </SimpleGrid>

        <Paper
          withBorder
          radius="lg"
          p={{ base: 'md', sm: 'lg' }}
          component="section"
          aria-labelledby="online-steps"
        >
          <Title order={2} fz="lg" mb="sm" id="online-steps">
            How a session runs
          </Title>
          <List type="ordered" spacing="xs">
            <List.Item>
              Check that every participant has a player account in <strong>Players</strong>. Players sign in
              with their username alone, on the PLAYER LOGIN page.
            </List.Item>
            <List.Item>
              In <strong>Rooms</strong>, press <strong>Play</strong> on your workshop's room and open the
              lobby. Show the join code; players join from their phones.
            </List.Item>
            <List.Item>
              Start the game. Roll the balls, send the workshop's content between rolls, run timers and
              announce the winners. <strong>End Game</strong> closes the room for everyone.
            </List.Item>
            <List.Item>
              Handouts for the session are in <strong>Materials</strong>; <strong>Training</strong> has videos
              on running the game.
            </List.Item>
          </List>
        </Paper>

        <Text>
          Running the workshop on paper instead?{' '}
          <Anchor component={Link} to={`${base}/enter`} underline="always">
            Choose another delivery mode
          </Anchor>
          .
        </Text>
      </Stack>
    </Container>
  );
}
