import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  canPickAnyOrganization,
  staffRoleChoices,
  type UserReply,
  ZAdminEditForm,
  ZCreateAdmin,
  ZPlayerForm,
} from '@playshop/shared';
import { useEffect } from 'react';
import { z } from 'zod';
import { ApiError } from '../../api/client';
import { useCurrentUser } from '../../auth/auth-provider';
import type { MessageId } from '../../i18n/i18n';
import { useT } from '../../i18n/locale-provider';
import { ControlledSelect } from '../../ui/controlled-select';
import { FormActions } from '../../ui/form-actions';
import { keyText } from '../../ui/key-text';
import { PasswordField } from '../../ui/password-field';
import { useZodForm } from '../../ui/use-zod-form';
import { useOrgOptions } from '../organizations/organizations-api';
import type { UserKind } from './users-api';
import { ROLE_KEYS, useSaveUser } from './users-api';

type FormValues = Record<string, string>;

interface UserFormProps {
  kind: UserKind;
  /** Edit mode when given; add mode otherwise. */
  user?: UserReply;
  /** Called after a successful save (add mode closes the embedded form, edit mode goes back). */
  onDone: () => void;
  onCancel?: () => void;
}

/** The form holds text fields of every kind; the kind's shared schema reads its own and parses them. */
function schemaFor(kind: UserKind, isEdit: boolean) {
  const schema = kind === 'player' ? ZPlayerForm : isEdit ? ZAdminEditForm : ZCreateAdmin;
  return z
    .custom<FormValues>()
    .transform((values): unknown => values)
    .pipe(schema);
}

/** The form's state: its fields filled from `user` (or empty), and the save that reports a field's refusal. */
function useUserForm({ kind, user, onDone }: UserFormProps) {
  const actor = useCurrentUser();
  const isEdit = user !== undefined;
  const save = useSaveUser(kind);
  const canPickOrg = actor ? canPickAnyOrganization(actor.role) : false;
  const form = useZodForm(schemaFor(kind, isEdit), {
    defaultValues: {
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      ...(kind === 'player'
        ? { username: user?.username ?? '' }
        : { email: user?.email ?? '', role: user?.role ?? '' }),
      organizationId: String(user?.organizationId ?? (canPickOrg ? '' : (actor?.orgId ?? ''))),
      ...(kind === 'admin' && !isEdit ? { password: '', confirmPassword: '' } : {}),
    },
  });
  const { getValues, setValue, setError } = form;

  // A non-super-admin has one organization to pick: theirs.
  useEffect(() => {
    if (!canPickOrg && actor && !getValues('organizationId')) setValue('organizationId', String(actor.orgId));
  }, [canPickOrg, actor, getValues, setValue]);

  const handleSave = form.handleSubmit((values) =>
    save.mutate(isEdit ? { ...values, id: user.id } : values, {
      onSuccess: onDone,
      onError: (error) => {
        if (error instanceof ApiError && error.field && error.field in values) {
          setError(error.field, { message: error.message });
        }
      },
    }),
  );
  return { form, save, handleSave, canPickOrg, isSelf: isEdit && actor?.userId === user.id };
}

/** The roles the actor may give and the organizations to pick, each with the user's own kept visible. */
function useUserChoices(user: UserReply | undefined) {
  const t = useT();
  const actor = useCurrentUser();
  const orgOptions = useOrgOptions();
  const roleOptions = (actor ? staffRoleChoices(actor.role) : []).map((role) => ({
    value: role,
    label: t(ROLE_KEYS[role]),
  }));
  // A user's current role stays visible even when the editor may not give it (e.g. oneself).
  if (user && !roleOptions.some((o) => o.value === user.role)) {
    roleOptions.push({ value: user.role, label: t(ROLE_KEYS[user.role]) });
  }
  const orgSelectOptions = (orgOptions.data ?? []).map((o) => ({ value: String(o.id), label: o.name }));
  if (user && !orgSelectOptions.some((o) => o.value === String(user.organizationId))) {
    orgSelectOptions.push({ value: String(user.organizationId), label: user.organizationName });
  }
  return { roleOptions, orgSelectOptions };
}

/**
 * The user form of SPEC §2/§5 for admins and players: validates on blur with the shared schemas'
 * texts; passwords (with show/hide) for new admins only. Players sign in by username and have none.
 */
export function UserForm(props: UserFormProps) {
  const { kind, user, onCancel } = props;
  const t = useT();
  const isEdit = user !== undefined;
  const { form, save, handleSave, canPickOrg, isSelf } = useUserForm(props);
  const { roleOptions, orgSelectOptions } = useUserChoices(user);
  const { register, control, formState } = form;
  // A field of the form: its label, its error in the spec's words, and the input's own props.
  const field = (name: string, label: MessageId) => ({
    label: t(label),
    required: true,
    error: keyText(formState.errors[name]?.message),
    ...register(name),
  });

  // A select of the form, the same way.
  const select = (name: string, label: MessageId, placeholder: MessageId) => ({
    name,
    control,
    label: t(label),
    required: true,
    placeholder: t(placeholder),
  });

  return (
    <form
      onSubmit={handleSave}
      noValidate
      aria-label={t(`users.${isEdit ? 'edit' : 'add'}${kind === 'admin' ? 'Admin' : 'Player'}Form`)}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput autoComplete="off" {...field('firstName', 'users.firstName')} />
          <TextInput autoComplete="off" {...field('lastName', 'users.lastName')} />
          {kind === 'player' ? (
            <TextInput autoComplete="off" {...field('username', 'users.username')} />
          ) : (
            <TextInput type="email" autoComplete="off" {...field('email', 'users.email')} />
          )}
          {kind === 'admin' && (
            <ControlledSelect
              {...select('role', 'users.role', 'users.selectRole')}
              data={roleOptions}
              disabled={isSelf}
              description={isSelf ? t('users.cannotChangeOwnRole') : undefined}
            />
          )}
          <ControlledSelect
            {...select('organizationId', 'users.organization', 'users.selectOrganization')}
            data={orgSelectOptions}
            disabled={!canPickOrg}
            searchable
          />
          {kind === 'admin' && !isEdit && (
            <>
              <PasswordField autoComplete="new-password" {...field('password', 'users.password')} />
              <PasswordField
                autoComplete="new-password"
                {...field('confirmPassword', 'users.confirmPassword')}
              />
            </>
          )}
        </SimpleGrid>
        <FormActions
          submitLabel={
            isEdit ? t('common.save') : kind === 'admin' ? t('users.addAdmin') : t('users.addPlayer')
          }
          loading={save.isPending}
          error={save.isError ? save.error.message : null}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
