import { Button, Group } from '@mantine/core';
import { useT } from '../i18n/locale-provider';
import { ErrorText } from './error-alert';
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
      <ErrorText message={error} />
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
