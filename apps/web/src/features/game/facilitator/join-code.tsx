import { Alert, Anchor, Button, Code, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { formatJoinCode, type RoomJoinCode } from '@playshop/shared';
import { IconQrcode } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { useParams } from 'react-router';
import { parseRouteId } from '../../../ui/parse-route-id';
import { toastError, toastSuccess } from '../../../ui/toast';
import { type JoinLink, joinLinkBase, joinUrl } from '../../rooms/join-link';
import { useReplaceJoinCode, useRoomJoinCode, useSetRoomGuests } from '../../rooms/rooms-api';
import { ConfirmButton } from './confirm-button';

/**
 * The room's join code, big on the facilitator screen, and a button opening the QR code with the
 * plain link /join/{code}. The room is the page's `:roomId` unless given.
 */
export function JoinCode({ roomName, roomId }: { roomName: string; roomId?: number }) {
  const routeRoomId = parseRouteId(useParams().roomId);
  const id = roomId ?? routeRoomId;
  const joinCode = useRoomJoinCode(id);
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
        {id !== null && <RoomJoinSettings roomId={id} joinCode={joinCode.data} />}
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

const NEW_CODE_CONFIRM = {
  title: 'Issue a new room code?',
  body: 'The current code stops working at once: anyone who opens it is told it was replaced and to ask you. Phones already in the room stay.',
  confirm: 'New code',
};

/**
 * The room's join rules, for the facilitator who runs it: guests (this room's own choice, else the
 * organization's setting) and a new code on demand. The code otherwise lasts across games.
 */
function RoomJoinSettings({ roomId, joinCode }: { roomId: number; joinCode: RoomJoinCode }) {
  const setGuests = useSetRoomGuests(roomId);
  const replace = useReplaceJoinCode(roomId);
  const follows = joinCode.roomAllowsGuests === null;
  return (
    <Stack gap="xs" mt="lg">
      <Switch
        label="Let guests join this room"
        description={
          follows
            ? "Players without an account join with a nickname. Now: your organization's setting."
            : 'Players without an account join with a nickname. Set for this room.'
        }
        checked={joinCode.guestsAllowed}
        disabled={setGuests.isPending}
        onChange={(e) =>
          setGuests.mutate(e.currentTarget.checked, { onError: (err) => toastError(err.message) })
        }
      />
      {!follows && (
        <Anchor component="button" type="button" size="sm" onClick={() => setGuests.mutate(null)}>
          Use the organization&apos;s setting
        </Anchor>
      )}
      <Group justify="space-between" wrap="nowrap" mt="xs">
        <Text size="sm" c="dimmed">
          The code stays the same for every game in this room.
        </Text>
        <ConfirmButton
          variant="default"
          color="red"
          confirm={NEW_CODE_CONFIRM}
          loading={replace.isPending}
          onConfirm={() =>
            replace.mutate(undefined, {
              onSuccess: (reply) => toastSuccess(`New room code: ${formatJoinCode(reply.code)}`),
              onError: (err) => toastError(err.message),
            })
          }
        >
          New code
        </ConfirmButton>
      </Group>
    </Stack>
  );
}
