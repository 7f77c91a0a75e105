import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, Select, TextInput, Title } from '@mantine/core';
import { type CreateRoomInput, ZCreateRoom } from '@playshop/shared';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useCreateRoom } from '../../api/use-create-room';
import { useOrgWorkshops } from '../../api/use-org-workshops';

/**
 * SPEC §2 Rooms: the create-room form (Name, Workshop). `orgId`: the organization a super admin
 * creates the room for (the one in the URL); an admin's rooms are always their own organization's.
 */
export function CreateRoomForm({ org, orgId }: { org: string; orgId?: number }) {
  const workshops = useOrgWorkshops(org);
  const create = useCreateRoom();
  const form = useForm<z.input<typeof ZCreateRoom>, unknown, CreateRoomInput>({
    resolver: zodResolver(ZCreateRoom),
    defaultValues: { name: '', workshopId: '' as unknown as number },
  });

  const handleSubmit = form.handleSubmit(async (values) => {
    await create.mutateAsync(orgId ? { ...values, orgId } : values).then(
      () => form.reset(),
      () => {},
    );
  });

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={handleSubmit} noValidate>
      <Title order={2} fz="lg" mb="sm">
        Create a room
      </Title>
      <Group align="flex-start" gap="sm">
        <TextInput
          label="Name"
          w={240}
          {...form.register('name')}
          error={form.formState.errors.name?.message}
        />
        <Controller
          control={form.control}
          name="workshopId"
          render={({ field, fieldState }) => (
            <Select
              label="Workshop"
              w={260}
              placeholder="Select a workshop"
              data={(workshops.data ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
              value={field.value ? String(field.value) : null}
              onChange={(v) => field.onChange(v ? Number(v) : '')}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <Button type="submit" mt={25} loading={create.isPending}>
          Create Room
        </Button>
      </Group>
      {create.error && (
        <Alert color="red" variant="light" mt="sm">
          Error: {create.error.message}
        </Alert>
      )}
    </Paper>
  );
}
