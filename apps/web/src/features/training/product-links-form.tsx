import { TextInput } from '@mantine/core';
import { type PublicSettings, type PublicSettingsUpdate, ZPublicSettingsUpdate } from '@playshop/shared';
import { ApiError } from '../../api/client';
import type { StaffMessageId } from '../../i18n/i18n';
import { useT } from '../../i18n/locale-provider';
import { keyText } from '../../ui/key-text';
import { QueryBoundary } from '../../ui/query-boundary';
import { SaveForm } from '../../ui/save-form';
import { useZodForm } from '../../ui/use-zod-form';
import { usePublicSettings, useSavePublicSettings } from '../settings/settings-api';

const FIELDS: { name: keyof PublicSettingsUpdate; label: StaffMessageId; description: StaffMessageId }[] = [
  { name: 'reportIssueUrl', label: 'settings.reportIssue', description: 'settings.reportIssueHelp' },
  { name: 'statusUrl', label: 'settings.status', description: 'settings.statusHelp' },
  { name: 'trainingUrl', label: 'settings.trainingSite', description: 'settings.trainingSiteHelp' },
];

/** Settings → Links (super admin): the product-wide links every user sees. */
export function ProductLinksPanel() {
  const t = useT();
  return (
    <QueryBoundary query={usePublicSettings()} loading={t('settings.linksLoading')}>
      {(links) => <ProductLinksForm key={JSON.stringify(links)} links={links} />}
    </QueryBoundary>
  );
}

function ProductLinksForm({ links }: { links: PublicSettings }) {
  const t = useT();
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
    <SaveForm onSubmit={handleSave} save={save}>
      {FIELDS.map((field) => (
        <TextInput
          key={field.name}
          label={t(field.label)}
          description={t(field.description)}
          autoComplete="off"
          error={keyText(errors[field.name]?.message)}
          {...register(field.name)}
        />
      ))}
    </SaveForm>
  );
}
