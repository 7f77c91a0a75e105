import {
  Anchor,
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
import { can, type OrgSignInSettings, type Role, SSO_SCOPE } from '@playshop/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/locale-provider';
import { QueryStates } from '../../ui/query-states';
import { SettingsSave } from '../../ui/request-error';
import { toastSuccess } from '../../ui/toast';
import { SamlSettingsCard } from '../settings/saml-settings';
import { ScimPanel } from '../settings/scim-panel';
import { useOrgSignIn, useProductSignIn, useSaveOrgSignIn, useSaveProductSignIn } from './sign-in-api';

/**
 * Settings › Sign-in: the organization's single sign-on (OpenID Connect) and two-factor rule, and for
 * a super admin the product-wide two-factor rule. The client secret is write-only.
 */
export function SignInSettingsPanel({
  orgId,
  orgName,
  role,
}: {
  orgId: number;
  orgName: string;
  role: Role;
}) {
  const t = useT();
  const settings = useOrgSignIn(orgId);
  const isSuper = can(role, 'manageProductSettings');
  return (
    <Stack gap="lg">
      <Card withBorder radius="lg" padding="lg">
        <QueryStates query={settings} loading={t('signIn.settingsLoading')}>
          {(data, updatedAt) => (
            <OrgSignInForm key={updatedAt} orgId={orgId} orgName={orgName} saved={data} />
          )}
        </QueryStates>
      </Card>
      <SamlSettingsCard orgId={orgId} />
      <ScimPanel orgId={orgId} />
      {isSuper && <ProductTwoFactor />}
      <Anchor component={Link} to="/two-factor">
        {t('signIn.ownTwoFactor')}
      </Anchor>
      <Anchor component={Link} to="/sessions">
        {t('sessions.menuItem')}
      </Anchor>
    </Stack>
  );
}

/** The form's on/off settings. */
type SwitchKey = 'ssoEnabled' | 'createAccounts' | 'passwordSignInDisabled' | 'requireTwoFactorForAdmins';

/** The settings as typed (the secret empty: it is write-only), and the save that sends them. */
function useOrgSignInForm(orgId: number, saved: OrgSignInSettings) {
  const t = useT();
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

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        ...form,
        issuer: form.issuer.trim() || null,
        clientId: form.clientId.trim() || null,
        ...(form.clientSecret ? { clientSecret: form.clientSecret } : { clientSecret: undefined }),
      },
      { onSuccess: () => toastSuccess(t('signIn.settingsSaved')) },
    );
  };
  return { form, set, save, handleSubmit };
}

/**
 * The organization login's address naming the organization: its page offers "Sign in with <org>" at
 * once (sso-sign-in.tsx). On the product's own origin, which the redirect URI carries.
 */
const signInLink = (redirectUri: string, orgName: string) =>
  `${new URL('/admin-login', redirectUri).href}?org=${encodeURIComponent(orgName)}`;

function OrgSignInForm({
  orgId,
  orgName,
  saved,
}: {
  orgId: number;
  orgName: string;
  saved: OrgSignInSettings;
}) {
  const t = useT();
  const { form, set, save, handleSubmit } = useOrgSignInForm(orgId, saved);
  // Each on/off setting of the form is one switch row.
  const switchRow = (key: SwitchKey, label: string) => (
    <Switch label={label} checked={form[key]} onChange={(event) => set(key, event.currentTarget.checked)} />
  );

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Title order={3}>{t('signIn.ssoTitle')}</Title>
        <Text size="sm">
          {t('signIn.redirectHelp')} <Code>{saved.redirectUri}</Code>
        </Text>
        {/* What the provider must allow: the scopes the server asks for (SSO_SCOPE). */}
        <Text size="sm">
          {t('signIn.scopeHelp')} <Code>{SSO_SCOPE}</Code>
        </Text>
        <Text size="sm">
          {t('signIn.shareLinkHelp', { org: orgName })}{' '}
          <Code style={{ overflowWrap: 'anywhere' }}>{signInLink(saved.redirectUri, orgName)}</Code>
        </Text>
        {switchRow('ssoEnabled', t('signIn.ssoEnabled'))}
        <TextInput
          label={t('signIn.issuer')}
          placeholder="https://login.example.org"
          value={form.issuer}
          onChange={(event) => set('issuer', event.currentTarget.value)}
        />
        <TextInput
          label={t('signIn.clientId')}
          value={form.clientId}
          onChange={(event) => set('clientId', event.currentTarget.value)}
        />
        <PasswordInput
          label={t('signIn.clientSecret')}
          description={saved.hasClientSecret ? t('signIn.secretStored') : undefined}
          autoComplete="off"
          value={form.clientSecret}
          onChange={(event) => set('clientSecret', event.currentTarget.value)}
        />
        {switchRow('createAccounts', t('signIn.createAccounts'))}
        <Select
          label={t('signIn.createdRole')}
          data={[
            { value: 'FACILITATOR', label: t('users.roleFacilitator') },
            { value: 'ADMIN', label: t('users.roleAdmin') },
          ]}
          allowDeselect={false}
          value={form.defaultRole}
          onChange={(value) => set('defaultRole', value === 'ADMIN' ? 'ADMIN' : 'FACILITATOR')}
        />
        {switchRow('passwordSignInDisabled', t('signIn.passwordOff'))}
        <Title order={3}>{t('signIn.twoFactorTitle')}</Title>
        {switchRow('requireTwoFactorForAdmins', t('signIn.requireForAdmins'))}
        <SettingsSave save={save} label={t('signIn.saveSettings')} />
      </Stack>
    </form>
  );
}

function ProductTwoFactor() {
  const t = useT();
  const policy = useProductSignIn(true);
  const save = useSaveProductSignIn();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={3}>{t('signIn.wholeProduct')}</Title>
        <Switch
          label={t('signIn.requireForStaff')}
          description={t('signIn.requireForStaffHelp')}
          disabled={!policy.data || save.isPending}
          checked={policy.data?.requireTwoFactorForStaff ?? false}
          onChange={(event) => save.mutate({ requireTwoFactorForStaff: event.currentTarget.checked })}
        />
      </Stack>
    </Card>
  );
}
