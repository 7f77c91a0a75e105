import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { formatJoinCode } from '@playshop/shared';
import { IconQrcode } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { useParams } from 'react-router';
import { parseRouteId } from '../../ui/parse-route-id';
import { useRoomJoinCode } from '../rooms/api/use-room-join-code';
import { type JoinLink, joinLinkBase, joinUrl } from '../rooms/join-link';

/**
 * The room's join code, big on the facilitator screen, and a button opening the QR code with the
 * plain link /join/{code}. The room is the page's `:roomId` unless given.
 */
export function JoinCode({ roomName, roomId }: { roomName: string; roomId?: number }) {
  const routeRoomId = parseRouteId(useParams().roomId);
  const joinCode = useRoomJoinCode(roomId ?? routeRoomId);
  const [opened, { open, close }] = useDisclosure(false);
  if (!joinCode.data) return null;
  const link = joinLinkBase({ ...joinCode.data, location: window.location });
  const code = joinCode.data.code;
  return (
    <>
      <Group gap="xs" wrap="nowrap">
        <Text component="span" size="sm" c="dimmed">
          Room code
        </Text>
        <Text component="span" fz={28} fw={800} ff="monospace" lh={1} aria-label={`Room code ${code}`}>
          {formatJoinCode(code)}
        </Text>
      </Group>
      <Button variant="default" leftSection={<IconQrcode size={18} aria-hidden />} onClick={open}>
        Join code
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={`Join ${roomName}`}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <JoinCodeBody roomName={roomName} code={code} link={link} />
      </Modal>
    </>
  );
}

/** The QR code, the code in large type and the plain link, with a word when the address was chosen. */
function JoinCodeBody({ roomName, code, link }: { roomName: string; code: string; link: JoinLink }) {
  const url = joinUrl(link.base, code);
  return (
    <Stack align="center" gap="sm">
      <QRCodeSVG value={url} size={240} marginSize={2} title={`QR code for ${url}`} role="img" />
      <Text fz={56} fw={800} ff="monospace" lh={1} aria-label={`Room code ${code}`}>
        {formatJoinCode(code)}
      </Text>
      <Text ta="center">
        Scan the code or open <Code fz="md">{url}</Code> to join <strong>{roomName}</strong>. On{' '}
        <Code fz="md">{link.base}/</Code> the room code works too.
      </Text>
      {link.replacedLocalhost && (
        <Alert color="blue" title="Network address used">
          This page is open at localhost, which a phone cannot reach: the link uses this computer's network
          address. Phones must be on the same network.
        </Alert>
      )}
      {link.unreachable && (
        <Alert color="yellow" title="Phones cannot reach localhost">
          This computer has no network address and PUBLIC_URL is not set: connect it to the network, or set
          PUBLIC_URL to the address players open.
        </Alert>
      )}
    </Stack>
  );
}
