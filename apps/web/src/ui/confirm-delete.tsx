import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../i18n/locale-provider';
import { ErrorText } from './error-alert';

/**
 * The state of one delete confirmation: which item is asked about, whether the delete runs, and the
 * failure's message (shown as 'Error: {message}', SPEC §8), which keeps the dialog open so nothing is
 * lost silently.
 */
export function useConfirmDelete<T>(onDelete: ((item: T) => Promise<unknown>) | undefined) {
  const [pending, setPending] = useState<T | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setPending(null);
    setError(null);
  };
  const confirm = async () => {
    if (pending === null || !onDelete) return;
    setIsDeleting(true);
    setError(null);
    try {
      await onDelete(pending);
      close();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setIsDeleting(false);
    }
  };
  return { pending, ask: (item: T) => setPending(item), close, confirm, isDeleting, error };
}

type ConfirmDeleteState<T> = ReturnType<typeof useConfirmDelete<T>>;

/**
 * SPEC §2 Generic table: 'Are you sure you want to delete this {thing}?' with Yes/No, the item's name,
 * and an optional warning (a folder's files go with it).
 */
export function ConfirmDeleteDialog<T>({
  state,
  thing,
  label,
  warning,
}: {
  state: ConfirmDeleteState<T>;
  /** 'Organization', 'User', 'file', …: the word the question uses. */
  thing: string;
  label: (item: T) => string;
  warning?: string;
}) {
  const t = useT();
  return (
    <Modal
      opened={state.pending !== null}
      onClose={state.close}
      title={t('common.deleteThing', { thing })}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text>{t('common.confirmDelete', { thing })}</Text>
        {state.pending !== null && (
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {label(state.pending)}
          </Text>
        )}
        {warning && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
            <Text c="red.9">{warning}</Text>
          </Alert>
        )}
        <ErrorText message={state.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={state.close} disabled={state.isDeleting}>
            {t('common.no')}
          </Button>
          <Button color="red.8" onClick={state.confirm} loading={state.isDeleting}>
            {t('common.yes')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
