import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { ZCreateRoom } from '@playshop/shared';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { useT } from '../../i18n/locale-provider';
import { keepFieldFocus } from '../../ui/keep-focus';
import { keyText } from '../../ui/key-text';
import { useZodForm } from '../../ui/use-zod-form';
import { useOrgWorkshops } from '../organizations/organizations-api';
import { chosenLanguage, languageChoice, roomLanguageOptions } from './room-language';
import { useCreateRoom } from './rooms-api';

/** The form, emptied after a room is created; `orgId` as in CreateRoomForm. */
function useCreateRoomForm(orgId: number | undefined, headingId: string) {
  const create = useCreateRoom();
  const form = useZodForm(ZCreateRoom, {
    defaultValues: { name: '', workshopId: '' as unknown as number, language: null },
  });
  const handleSubmit = form.handleSubmit(async (values) => {
    await create.mutateAsync(orgId ? { ...values, orgId } : values).then(
      () => {
        // The emptied form is not yet touched: leaving the field still focused must not show
        // 'This field is required' (and shift the table under a click). The focus goes to the
        // form's title, not to the body (the button it was on was disabled while sending): a
        // keyboard user's next Tab is the Name field again (issue 42).
        document.getElementById(headingId)?.focus();
        form.reset();
      },
      () => {},
    );
  });
  return { form, create, handleSubmit };
}

/**
 * SPEC §2 Rooms: the create-room form (Name, Workshop, and the room's language: its organization's
 * unless chosen), laid out like every other form: a titled card,
 * labelled fields in a grid (one column on a phone), validation on blur, the main button at the end.
 * `orgId`: the organization a super admin creates the room for (the one in the URL); an admin's rooms
 * are always their own organization's.
 */
export function CreateRoomForm({ org, orgId }: { org: string; orgId?: number }) {
  const t = useT();
  const workshops = useOrgWorkshops(org);
  const headingId = useId();
  const { form, create, handleSubmit } = useCreateRoomForm(orgId, headingId);

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="form"
      onSubmit={handleSubmit}
      noValidate
      aria-labelledby={headingId}
    >
      <Stack gap="md">
        <Title order={2} fz="lg" id={headingId} tabIndex={-1}>
          {t('rooms.createTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('rooms.name')}
            {...form.register('name')}
            error={keyText(form.formState.errors.name?.message)}
          />
          <Controller
            control={form.control}
            name="workshopId"
            render={({ field, fieldState }) => (
              <Select
                label={t('rooms.workshop')}
                placeholder={t('rooms.selectWorkshop')}
                data={(workshops.data ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
                value={field.value ? String(field.value) : null}
                onChange={(v) => field.onChange(v ? Number(v) : '')}
                onBlur={field.onBlur}
                error={keyText(fieldState.error?.message)}
              />
            )}
          />
          <Controller
            control={form.control}
            name="language"
            render={({ field }) => (
              <Select
                label={t('rooms.language')}
                description={t('rooms.languageDescription')}
                data={roomLanguageOptions(t)}
                value={languageChoice(field.value)}
                onChange={(choice) => field.onChange(chosenLanguage(choice))}
                allowDeselect={false}
              />
            )}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" onMouseDown={keepFieldFocus} loading={create.isPending}>
            {t('rooms.create')}
          </Button>
        </Group>
        {create.error && (
          <Alert color="red" variant="light">
            {t('rooms.error', { message: create.error.message })}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
