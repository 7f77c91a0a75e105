import { Stack, TextInput } from '@mantine/core';
import { type PublicSettings, type PublicSettingsUpdate, ZPublicSettingsUpdate } from '@playshop/shared';
import { ApiError } from '../../api/client';
import { FormActions } from '../../ui/form-actions';
import { QueryBoundary } from '../../ui/query-boundary';
import { useZodForm } from '../../ui/use-zod-form';
import { usePublicSettings, useSavePublicSettings } from '../settings/settings-api';

const FIELDS: { name: keyof PublicSettingsUpdate; label: string; description: string }[] = [
  {
    name: 'reportIssueUrl',
    label: 'Report Issue',
    description: "The footer's 'Report Issue' link: a web address or mailto:someone@example.com",
  },
  { name: 'statusUrl', label: 'Status', description: "The footer's 'Status' link: a web address or mailto:" },
  {
    name: 'trainingUrl',
    label: 'External training site',
    description: "The admin sidebar's Training link opens this site; leave empty for the training page here",
  },
];

/** Settings → Links (super admin): the product-wide links every user sees. */
export function ProductLinksPanel() {
  return (
    <QueryBoundary query={usePublicSettings()} loading="Loading links">
      {(links) => <ProductLinksForm key={JSON.stringify(links)} links={links} />}
    </QueryBoundary>
  );
}

function ProductLinksForm({ links }: { links: PublicSettings }) {
  const save = useSavePublicSettings();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(ZPublicSettingsUpdate, {
    defaultValues: links,
  });

  const handleSave = handleSubmit((values) =>
    save.mutate(values, {
      onError: (error) => {
        const field = FIELDS.find((f) => error instanceof ApiError && f.name === error.field);
        if (field) setError(field.name, { message: error.message });
      },
    }),
  );

  return (
    <form onSubmit={handleSave} noValidate>
      <Stack gap="md">
        {FIELDS.map((field) => (
          <TextInput
            key={field.name}
            label={field.label}
            description={field.description}
            autoComplete="off"
            error={errors[field.name]?.message}
            {...register(field.name)}
          />
        ))}
        <FormActions
          submitLabel="Save"
          loading={save.isPending}
          error={save.isError ? save.error.message : null}
        />
      </Stack>
    </form>
  );
}
