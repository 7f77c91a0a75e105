import { Button, Code, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconQrcode } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';

/** Where players start: the player login at the site root, then the room from their list. */
export const joinUrl = () => `${window.location.origin}/`;

/** The join QR code and the plain join address, for the facilitator to put on screen. */
export function JoinCode({ roomName }: { roomName: string }) {
  const [opened, { open, close }] = useDisclosure(false);
  const url = joinUrl();
  return (
    <>
      <Button variant="default" leftSection={<IconQrcode size={18} aria-hidden />} onClick={open}>
        Join code
      </Button>
      <Modal opened={opened} onClose={close} title={`Join ${roomName}`} centered>
        <JoinCodeBody roomName={roomName} url={url} />
      </Modal>
    </>
  );
}

export function JoinCodeBody({ roomName, url }: { roomName: string; url: string }) {
  return (
    <Stack align="center" gap="sm">
      <QRCodeSVG value={url} size={200} marginSize={2} title={`QR code for ${url}`} role="img" />
      <Text ta="center">
        Open <Code fz="md">{url}</Code>, sign in with your username and join <strong>{roomName}</strong>.
      </Text>
    </Stack>
  );
}
