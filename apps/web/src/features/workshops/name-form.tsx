import { Button, Group, Stack, TextInput } from '@mantine/core';
import { ZSessionName, ZWorkshopName } from '@playshop/shared';
import { useEffect } from 'react';
import { useT } from '../../i18n/locale-provider';
import { keepFieldFocus } from '../../ui/keep-focus';
import { keyText } from '../../ui/key-text';
import { useZodForm } from '../../ui/use-zod-form';

const SCHEMAS = { workshop: ZWorkshopName, session: ZSessionName } as const;
const LABELS = { workshop: 'workshops.workshopName', session: 'workshops.sessionName' } as const;

interface NameFormProps {
  /** Whose name: the field's label and schema. */
  kind: keyof typeof SCHEMAS;
  /** The saved name; the field follows it when it changes (a reload, a rename). */
  name?: string;
  submitLabel: string;
  loading?: boolean;
  onSubmit: (name: string) => unknown;
}

/** One name field with its button: a workshop's or a session's name, checked by the shared schema. */
export function NameForm({ kind, name = '', submitLabel, loading, onSubmit }: NameFormProps) {
  const t = useT();
  const form = useZodForm(SCHEMAS[kind], { defaultValues: { name } });
  const { reset } = form;
  useEffect(() => reset({ name }), [name, reset]);
  return (
    <form onSubmit={form.handleSubmit((values) => onSubmit(values.name))} noValidate>
      <Stack gap="md">
        <TextInput
          label={t(LABELS[kind])}
          {...form.register('name')}
          error={keyText(form.formState.errors.name?.message)}
          maxLength={200}
        />
        <Group justify="flex-end">
          <Button type="submit" onMouseDown={keepFieldFocus} loading={loading}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
