import { Button, Group, Text } from '@mantine/core';
import { useT } from '../i18n/locale-provider';
import { keepFieldFocus } from './keep-focus';

interface FormActionsProps {
  submitLabel: string;
  loading?: boolean;
  /** The save's failure, shown above the buttons. */
  error?: string | null;
  onCancel?: () => void;
}

/** The end of every form: the save's error, then Cancel and the main button, on the right. */
export function FormActions({ submitLabel, loading, error, onCancel }: FormActionsProps) {
  const t = useT();
  return (
    <>
      {error && (
        <Text c="red.9" role="alert">
          {t('common.error', { message: error })}
        </Text>
      )}
      <Group justify="flex-end">
        {onCancel && (
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        )}
        <Button type="submit" loading={loading} onMouseDown={keepFieldFocus}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
