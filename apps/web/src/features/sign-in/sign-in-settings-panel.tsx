import {
  Alert,
  Anchor,
  Button,
  Card,
  Code,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { can, type OrgSignInSettings, type Role } from '@playshop/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../ui/error-alert';
import { PageLoader } from '../../ui/page-loader';
import { toastSuccess } from '../../ui/toast';
import { useOrgSignIn, useProductSignIn, useSaveOrgSignIn, useSaveProductSignIn } from './sign-in-api';

/**
 * Settings › Sign-in: the organization's single sign-on (OpenID Connect) and two-factor rule, and for
 * a super admin the product-wide two-factor rule. The client secret is write-only.
 */
export function SignInSettingsPanel({ orgId, role }: { orgId: number; role: Role }) {
  const settings = useOrgSignIn(orgId);
  const isSuper = can(role, 'manageProductSettings');
  return (
    <Stack gap="lg">
      <Card withBorder radius="lg" padding="lg">
        {settings.isPending && <PageLoader label="Loading sign-in settings" />}
        {settings.isError && <ErrorAlert message={settings.error.message} />}
        {settings.data && <OrgSignInForm key={settings.dataUpdatedAt} orgId={orgId} saved={settings.data} />}
      </Card>
      {isSuper && <ProductTwoFactor />}
      <Anchor component={Link} to="/two-factor">
        Your own two-factor sign-in
      </Anchor>
    </Stack>
  );
}

/** The form's on/off settings. */
type SwitchKey = 'ssoEnabled' | 'createAccounts' | 'passwordSignInDisabled' | 'requireTwoFactorForAdmins';

function OrgSignInForm({ orgId, saved }: { orgId: number; saved: OrgSignInSettings }) {
  const save = useSaveOrgSignIn(orgId);
  const [form, setForm] = useState({
    ssoEnabled: saved.ssoEnabled,
    issuer: saved.issuer ?? '',
    clientId: saved.clientId ?? '',
    clientSecret: '',
    createAccounts: saved.createAccounts,
    defaultRole: saved.defaultRole,
    passwordSignInDisabled: saved.passwordSignInDisabled,
    requireTwoFactorForAdmins: saved.requireTwoFactorForAdmins,
  });
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  // Each on/off setting of the form is one switch row.
  const switchRow = (key: SwitchKey, label: string) => (
    <Switch label={label} checked={form[key]} onChange={(event) => set(key, event.currentTarget.checked)} />
  );

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        ...form,
        issuer: form.issuer.trim() || null,
        clientId: form.clientId.trim() || null,
        ...(form.clientSecret ? { clientSecret: form.clientSecret } : { clientSecret: undefined }),
      },
      { onSuccess: () => toastSuccess('Sign-in settings saved') },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Title order={3}>Single sign-on (OpenID Connect)</Title>
        <Text size="sm">
          Register Playshop at your identity provider as a confidential web client with this redirect URI:{' '}
          <Code>{saved.redirectUri}</Code>
        </Text>
        {switchRow('ssoEnabled', "Staff sign in with the organization's provider")}
        <TextInput
          label="Issuer"
          placeholder="https://login.example.org"
          value={form.issuer}
          onChange={(event) => set('issuer', event.currentTarget.value)}
        />
        <TextInput
          label="Client ID"
          value={form.clientId}
          onChange={(event) => set('clientId', event.currentTarget.value)}
        />
        <PasswordInput
          label="Client secret"
          description={saved.hasClientSecret ? 'A secret is stored: leave empty to keep it.' : undefined}
          autoComplete="off"
          value={form.clientSecret}
          onChange={(event) => set('clientSecret', event.currentTarget.value)}
        />
        {switchRow('createAccounts', 'Create an account at the first sign-in of a verified email')}
        <Select
          label="Role of a created account"
          data={[
            { value: 'FACILITATOR', label: 'Facilitator' },
            { value: 'ADMIN', label: 'Admin' },
          ]}
          allowDeselect={false}
          value={form.defaultRole}
          onChange={(value) => set('defaultRole', value === 'ADMIN' ? 'ADMIN' : 'FACILITATOR')}
        />
        {switchRow(
          'passwordSignInDisabled',
          'Turn password sign-in off for this organization (super admins keep theirs)',
        )}
        <Title order={3}>Two-factor sign-in</Title>
        {switchRow('requireTwoFactorForAdmins', "Require two-factor sign-in for this organization's admins")}
        {save.isError && (
          <Alert color="red" variant="light" role="alert">
            {save.error.message}
          </Alert>
        )}
        <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
          Save sign-in settings
        </Button>
      </Stack>
    </form>
  );
}

function ProductTwoFactor() {
  const policy = useProductSignIn(true);
  const save = useSaveProductSignIn();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={3}>Whole product</Title>
        <Switch
          label="Require two-factor sign-in for every staff account"
          description="Anyone without it sets it up at their next password sign-in."
          disabled={!policy.data || save.isPending}
          checked={policy.data?.requireTwoFactorForStaff ?? false}
          onChange={(event) => save.mutate({ requireTwoFactorForStaff: event.currentTarget.checked })}
        />
      </Stack>
    </Card>
  );
}
