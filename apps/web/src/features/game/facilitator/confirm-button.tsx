import { Button, type ButtonProps, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/locale-provider';

/** The room's own confirmations: `gameControl.confirm<Name>Title` and `…Body`, confirmed by the button's label. */
type RoomConfirm = 'CloseLobby' | 'EndGame' | 'NewGame';

/**
 * A button for an action that changes the room for everyone: it asks first, naming the consequence,
 * and runs `onConfirm` only on the confirm button.
 */
export function ConfirmButton({
  children,
  confirm,
  onConfirm,
  ...buttonProps
}: ButtonProps & {
  children: ReactNode;
  confirm: { title: string; body: string; confirm: string } | RoomConfirm;
  onConfirm: () => void;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  const t = useT();
  const texts =
    typeof confirm === 'string'
      ? {
          title: t(`gameControl.confirm${confirm}Title`),
          body: t(`gameControl.confirm${confirm}Body`),
          confirm: String(children),
        }
      : confirm;
  return (
    <>
      <Button {...buttonProps} onClick={open}>
        {children}
      </Button>
      <Modal opened={opened} onClose={close} title={texts.title} centered>
        <Stack gap="md">
          <Text>{texts.body}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('gameControl.cancel')}
            </Button>
            <Button
              color={buttonProps.color ?? 'red'}
              onClick={() => {
                close();
                onConfirm();
              }}
            >
              {texts.confirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
