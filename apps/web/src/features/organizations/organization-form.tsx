import { NativeSelect, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import {
  LANGUAGE_NAMES,
  LANGUAGES,
  type OrganizationReply,
  ZCreateOrganization,
  ZEditOrganization,
} from '@playshop/shared';
import { Controller } from 'react-hook-form';
import { z } from 'zod/mini';
import { ApiError } from '../../api/client';
import type { StaffMessageId } from '../../i18n/i18n';
import { useT } from '../../i18n/locale-provider';
import { FormActions } from '../../ui/form-actions';
import { keyText } from '../../ui/key-text';
import { useZodForm } from '../../ui/use-zod-form';
import { useSaveOrganization } from './organizations-api';

type OrgField =
  | 'name'
  | 'address'
  | 'phone'
  | 'website'
  | 'email'
  | 'expiry'
  | 'hideRollAnimation'
  | 'allowGuests'
  | 'language'
  | 'musicPlaylistUrl';

/**
 * The General fields: an organization's contact details, its roll animation, guests and music. Its
 * admin may change these; the name and the expiry are the super admin's.
 */
export const GENERAL_FIELDS = [
  'email',
  'phone',
  'website',
  'address',
  'hideRollAnimation',
  'allowGuests',
  'language',
  'musicPlaylistUrl',
] as const satisfies readonly OrgField[];

interface OrganizationFormProps {
  /** Edit mode when given (PATCH /edit-org sends only `fields`); add mode otherwise. */
  organization?: OrganizationReply;
  /** The fields shown and sent. */
  fields: readonly OrgField[];
  submitLabel: string;
  onDone?: (saved: OrganizationReply) => void;
  onCancel?: () => void;
}

type SwitchField = 'hideRollAnimation' | 'allowGuests';
const SWITCHES: Record<SwitchField, { label: StaffMessageId; description?: StaffMessageId }> = {
  hideRollAnimation: { label: 'orgs.hideRollAnimation' },
  allowGuests: { label: 'orgs.allowGuests', description: 'orgs.allowGuestsHelp' },
};
const isSwitch = (field: OrgField): field is SwitchField => field in SWITCHES;

type TextField = Exclude<OrgField, SwitchField | 'language'>;
const LABELS: Record<TextField, StaffMessageId> = {
  name: 'orgs.name',
  address: 'orgs.address',
  phone: 'orgs.phone',
  website: 'orgs.website',
  email: 'orgs.email',
  expiry: 'orgs.expiry',
  musicPlaylistUrl: 'orgs.musicPlaylist',
};

/** The form over `fields`, filled from `organization` (or empty); a field the server refuses shows why. */
function useOrganizationForm({ organization, fields, onDone }: OrganizationFormProps) {
  const save = useSaveOrganization();
  const isEdit = organization !== undefined;
  const mask = Object.fromEntries(fields.map((f) => [f, true])) as Record<OrgField, true>;
  const schema = isEdit
    ? z.pick(z.omit(ZEditOrganization, { id: true }), mask)
    : z.pick(ZCreateOrganization, mask);
  const form = useZodForm(schema, {
    defaultValues: {
      name: organization?.name ?? '',
      address: organization?.address ?? '',
      phone: organization?.phone ?? '',
      website: organization?.website ?? '',
      email: organization?.email ?? '',
      expiry: organization?.expiry ?? '',
      hideRollAnimation: organization?.hideRollAnimation ?? false,
      allowGuests: organization?.allowGuests ?? false,
      musicPlaylistUrl: organization?.musicPlaylistUrl ?? '',
      language: organization?.language ?? 'en',
    },
  });

  const handleSave = form.handleSubmit((values) =>
    save.mutate(isEdit ? { ...values, id: organization.id } : values, {
      onSuccess: (saved) => onDone?.(saved),
      onError: (error) => {
        if (error instanceof ApiError && error.field && (fields as readonly string[]).includes(error.field)) {
          form.setError(error.field as OrgField, { message: error.message });
        }
      },
    }),
  );
  return { form, save, handleSave };
}

/**
 * The organization form: add (POST /create-organization) or edit (PATCH /edit-org). The name is trimmed
 * and must be letters, digits and spaces only; validated on blur with the shared schema's texts.
 */
export function OrganizationForm(props: OrganizationFormProps) {
  const { fields, submitLabel, onCancel } = props;
  const t = useT();
  const { form, save, handleSave } = useOrganizationForm(props);
  const { register, control, formState } = form;

  return (
    <form onSubmit={handleSave} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {fields.map((field) =>
            isSwitch(field) ? null : field === 'language' ? (
              // The rooms' language (issue 32): each language in its own name, as the phones show it.
              <NativeSelect
                key={field}
                label={t('orgs.language')}
                description={t('orgs.languageHelp')}
                data={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
                error={keyText(formState.errors.language?.message)}
                {...register('language')}
              />
            ) : (
              <TextInput
                key={field}
                label={t(LABELS[field])}
                required={field === 'name'}
                type={field === 'expiry' ? 'date' : field === 'email' ? 'email' : 'text'}
                description={
                  field === 'expiry'
                    ? t('orgs.expiryHelp')
                    : field === 'musicPlaylistUrl'
                      ? t('orgs.musicHelp')
                      : undefined
                }
                autoComplete="off"
                error={keyText(formState.errors[field]?.message)}
                {...register(field)}
              />
            ),
          )}
        </SimpleGrid>
        {fields.filter(isSwitch).map((name) => (
          <Controller
            key={name}
            name={name}
            control={control}
            render={({ field }) => (
              <Switch
                label={t(SWITCHES[name].label)}
                description={SWITCHES[name].description && t(SWITCHES[name].description)}
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
        ))}
        <FormActions
          submitLabel={submitLabel}
          loading={save.isPending}
          error={save.isError ? save.error.message : null}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
