import { Alert, Anchor, Button, Code, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { formatJoinCode, type RoomJoinCode } from '@playshop/shared';
import { IconQrcode } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { Fragment, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useT } from '../../../i18n/locale-provider';
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
  const t = useT();
  if (!joinCode.data) return null;
  const link = joinLinkBase({ ...joinCode.data, location: window.location });
  const code = joinCode.data.code;
  return (
    <>
      <Group gap="xs" wrap="nowrap">
        <Text component="span" size="sm" c="dimmed">
          {t('gameControl.roomCode')}
        </Text>
        <Text
          component="span"
          fz={28}
          fw={800}
          ff="monospace"
          lh={1}
          aria-label={t('gameControl.roomCodeLabel', { code })}
        >
          {formatJoinCode(code)}
        </Text>
      </Group>
      <Button variant="default" leftSection={<IconQrcode size={18} aria-hidden />} onClick={open}>
        {t('gameControl.joinCode')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('gameControl.joinRoom', { name: roomName })}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': t('gameControl.close') }}
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
  const t = useT();
  // The sentence comes with marks where the link, the room and the address go (in any order a
  // language puts them), each then set in its own type.
  const parts: Record<string, ReactNode> = {
    '[[url]]': <Code fz="md">{url}</Code>,
    '[[name]]': <strong>{roomName}</strong>,
    '[[base]]': <Code fz="md">{link.base}/</Code>,
  };
  const sentence = t('gameControl.scanOrOpen', { url: '[[url]]', name: '[[name]]', base: '[[base]]' })
    .split(/(\[\[\w+\]\])/)
    .map((piece) => (parts[piece] ? <Fragment key={piece}>{parts[piece]}</Fragment> : piece));
  return (
    <Stack align="center" gap="sm">
      <QRCodeSVG
        value={url}
        size={240}
        marginSize={2}
        title={t('gameControl.qrCodeFor', { url })}
        role="img"
      />
      <Text fz={56} fw={800} ff="monospace" lh={1} aria-label={t('gameControl.roomCodeLabel', { code })}>
        {formatJoinCode(code)}
      </Text>
      <Text ta="center">{sentence}</Text>
      {link.replacedLocalhost && (
        <Alert color="blue" title={t('gameControl.networkAddressUsed')}>
          {t('gameControl.networkAddressUsedText')}
        </Alert>
      )}
      {link.unreachable && (
        <Alert color="yellow" title={t('gameControl.localhostUnreachable')}>
          {t('gameControl.localhostUnreachableText')}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * The room's join rules, for the facilitator who runs it: guests (this room's own choice, else the
 * organization's setting) and a new code on demand. The code otherwise lasts across games.
 */
function RoomJoinSettings({ roomId, joinCode }: { roomId: number; joinCode: RoomJoinCode }) {
  const setGuests = useSetRoomGuests(roomId);
  const replace = useReplaceJoinCode(roomId);
  const follows = joinCode.roomAllowsGuests === null;
  const t = useT();
  return (
    <Stack gap="xs" mt="lg">
      <Switch
        label={t('gameControl.letGuestsJoin')}
        description={follows ? t('gameControl.guestsFollowOrganization') : t('gameControl.guestsSetForRoom')}
        checked={joinCode.guestsAllowed}
        disabled={setGuests.isPending}
        onChange={(e) =>
          setGuests.mutate(e.currentTarget.checked, { onError: (err) => toastError(err.message) })
        }
      />
      {!follows && (
        <Anchor component="button" type="button" size="sm" onClick={() => setGuests.mutate(null)}>
          {t('gameControl.useOrganizationSetting')}
        </Anchor>
      )}
      <Group justify="space-between" wrap="nowrap" mt="xs">
        <Text size="sm" c="dimmed">
          {t('gameControl.codeStays')}
        </Text>
        <ConfirmButton
          variant="default"
          color="red"
          confirm={{
            title: t('gameControl.newCodeTitle'),
            body: t('gameControl.newCodeBody'),
            confirm: t('gameControl.newCode'),
          }}
          loading={replace.isPending}
          onConfirm={() =>
            replace.mutate(undefined, {
              onSuccess: (reply) =>
                toastSuccess(t('gameControl.newCodeToast', { code: formatJoinCode(reply.code) })),
              onError: (err) => toastError(err.message),
            })
          }
        >
          {t('gameControl.newCode')}
        </ConfirmButton>
      </Group>
    </Stack>
  );
}
