import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { MATERIAL_TEXTS } from '@playshop/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useDeleteFolder } from '../../api/use-delete-folder';

/**
 * The folder delete confirmation (SPEC §2 Generic table: Yes/No, with the warning that every file
 * inside goes too). A failure keeps the dialog open with 'Error: {message}' in red.
 */
export function DeleteFolderDialog({
  folderPath,
  opened,
  onClose,
  onDeleted,
}: {
  /** 'Folder' or 'Folder/Subfolder'. */
  folderPath: string;
  opened: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteFolder();
  const [error, setError] = useState<string | null>(null);

  const handleClose = () => {
    setError(null);
    onClose();
  };
  const handleConfirm = async () => {
    setError(null);
    try {
      await remove.mutateAsync(folderPath);
      onDeleted();
    } catch (failure) {
      setError(`Error: ${failure instanceof Error ? failure.message : String(failure)}`);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={handleClose}
      title="Delete folder"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text>Are you sure you want to delete this folder?</Text>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {folderPath}
        </Text>
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          <Text c="red.9">{MATERIAL_TEXTS.deleteFolderWarning}</Text>
        </Alert>
        {error && (
          <Text c="red.9" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={handleClose} disabled={remove.isPending}>
            No
          </Button>
          <Button color="red.8" onClick={handleConfirm} loading={remove.isPending}>
            Yes
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
