import { Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { useT } from '../i18n/locale-provider';
import { FormActions } from './form-actions';

/**
 * A settings form: its fields one under another, then Save with the save's failure above it.
 * `save` is the mutation that runs on submit.
 */
export function SaveForm({
  onSubmit,
  save,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  save: { isPending: boolean; error: Error | null };
  children: ReactNode;
}) {
  const t = useT();
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {children}
        <FormActions
          submitLabel={t('common.save')}
          loading={save.isPending}
          error={save.error?.message ?? null}
        />
      </Stack>
    </form>
  );
}
