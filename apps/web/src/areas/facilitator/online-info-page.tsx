import { Anchor, List, Text } from '@mantine/core';
import { IconBook2, IconDoor, IconFolders, IconUsers } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { InfoLinkGrid } from './info-links';
import { InfoPage, InfoSection } from './info-page';

/** `{org}/facilitator/online`: what the web-based game asks of the facilitator, and where each step is. */
export function OnlineInfoPage() {
  const org = useParams().org ?? '';
  const base = `/${encodeURIComponent(org)}/facilitator`;
  return (
    <InfoPage
      title="Web-based game"
      subtitle="Run the live bingo game: players join from their own phones while you lead the workshop."
    >
      <InfoLinkGrid
        links={[
          {
            to: `${base}/online/rooms`,
            title: 'Rooms',
            description: "Open a room's lobby and run the live game.",
            icon: IconDoor,
          },
          {
            to: `${base}/online/players`,
            title: 'Players',
            description: 'Add the participants and edit their usernames.',
            icon: IconUsers,
          },
          {
            to: `${base}/online/materials`,
            title: 'Materials',
            description: 'Download handouts and documents for your workshops.',
            icon: IconFolders,
          },
          {
            to: `${base}/online/training`,
            title: 'Training',
            description: 'Watch the facilitator training videos.',
            icon: IconBook2,
          },
        ]}
      />

      <InfoSection title="How a session runs">
        <List type="ordered" spacing="xs">
          <List.Item>
            Check that every participant has a player account in <strong>Players</strong>. Players sign in
            with their username alone, on the PLAYER LOGIN page.
          </List.Item>
          <List.Item>
            In <strong>Rooms</strong>, press <strong>Play</strong> on your workshop's room and open the lobby.
            Show the join code; players join from their phones.
          </List.Item>
          <List.Item>
            Start the game. Roll the balls, send the workshop's content between rolls, run timers and announce
            the winners. <strong>End Game</strong> closes the room for everyone.
          </List.Item>
          <List.Item>
            Handouts for the session are in <strong>Materials</strong>; <strong>Training</strong> has videos
            on running the game.
          </List.Item>
        </List>
      </InfoSection>

      <Text>
        Running the workshop on paper instead?{' '}
        <Anchor component={Link} to={`${base}/enter`} underline="always">
          Choose another delivery mode
        </Anchor>
        .
      </Text>
    </InfoPage>
  );
}
