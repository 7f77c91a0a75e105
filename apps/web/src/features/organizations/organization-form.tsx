import { SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { type OrganizationReply, ZCreateOrganization, ZEditOrganization } from '@playshop/shared';
import { Controller } from 'react-hook-form';
import { z } from 'zod/mini';
import { ApiError } from '../../api/client';
import { FormActions } from '../../ui/form-actions';
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
const SWITCHES: Record<SwitchField, { label: string; description?: string }> = {
  hideRollAnimation: { label: 'Hide the roll animation' },
  allowGuests: {
    label: 'Let participants join as guests',
    description:
      "Whoever has a room's code or link can join its open lobby with a nickname, without a username made by an admin",
  },
};
const isSwitch = (field: OrgField): field is SwitchField => field in SWITCHES;

const LABELS: Record<Exclude<OrgField, SwitchField>, string> = {
  name: 'Name',
  address: 'Address',
  phone: 'Phone',
  website: 'Website',
  email: 'Email',
  expiry: 'Expiry',
  musicPlaylistUrl: 'Music playlist',
};

/**
 * The organization form: add (POST /create-organization) or edit (PATCH /edit-org). The name is trimmed
 * and must be letters, digits and spaces only; validated on blur with the shared schema's texts.
 */
export function OrganizationForm({
  organization,
  fields,
  submitLabel,
  onDone,
  onCancel,
}: OrganizationFormProps) {
  const save = useSaveOrganization();
  const isEdit = organization !== undefined;
  const mask = Object.fromEntries(fields.map((f) => [f, true])) as Record<OrgField, true>;
  const schema = isEdit
    ? z.pick(z.omit(ZEditOrganization, { id: true }), mask)
    : z.pick(ZCreateOrganization, mask);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(schema, {
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
    },
  });

  const handleSave = handleSubmit((values) =>
    save.mutate(isEdit ? { ...values, id: organization.id } : values, {
      onSuccess: (saved) => onDone?.(saved),
      onError: (error) => {
        if (error instanceof ApiError && error.field && (fields as readonly string[]).includes(error.field)) {
          setError(error.field as OrgField, { message: error.message });
        }
      },
    }),
  );

  return (
    <form onSubmit={handleSave} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {fields.map((field) =>
            isSwitch(field) ? null : (
              <TextInput
                key={field}
                label={LABELS[field]}
                required={field === 'name'}
                type={field === 'expiry' ? 'date' : field === 'email' ? 'email' : 'text'}
                description={
                  field === 'expiry'
                    ? 'Last day of the license; leave empty for no expiry'
                    : field === 'musicPlaylistUrl'
                      ? "The https embed address of a playlist, played on the facilitator's game screen"
                      : undefined
                }
                autoComplete="off"
                error={errors[field]?.message}
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
                label={SWITCHES[name].label}
                description={SWITCHES[name].description}
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
