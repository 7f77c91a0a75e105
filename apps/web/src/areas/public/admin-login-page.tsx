import { Alert, Anchor, Group } from '@mantine/core';
import { isTwoFactorStep, ZLogin } from '@playshop/shared';
import { Link, useNavigate } from 'react-router';
import { ssoOnlyOrg, useLogin } from '../../auth/staff-auth-api';
import { SsoSignIn } from '../../features/sign-in/sso-sign-in';
import { useT } from '../../i18n/locale-provider';
import { CardForm, EmailField, FormCard } from '../../ui/form-card';
import { keyText } from '../../ui/key-text';
import { PasswordField } from '../../ui/password-field';
import { useZodForm } from '../../ui/use-zod-form';

/** `/admin-login`: the organization login for admins and facilitators. */
export function AdminLoginPage() {
  const navigate = useNavigate();
  const login = useLogin();
  const t = useT();
  // A password refused because the organization signs in with single sign-on: say so, with its button.
  const ssoOrg = ssoOnlyOrg(login.error);
  const { register, handleSubmit, formState } = useZodForm(ZLogin, {
    defaultValues: { email: '', password: '' },
  });

  const handleLogin = handleSubmit((values) =>
    login.mutate(values, {
      // Two-factor: the code (or setting it up) on a page of its own, the challenge in its state.
      onSuccess: (reply) =>
        isTwoFactorStep(reply) ? navigate('/two-factor-sign-in', { state: reply }) : navigate('/enter'),
    }),
  );

  return (
    <FormCard title={t('signIn.loginTitle')} intro={t('signIn.loginIntro')}>
      <CardForm onSubmit={handleLogin} submit={t('signIn.login')} pending={login.isPending} keepFocus>
        <EmailField error={keyText(formState.errors.email?.message)} {...register('email')} />
        <PasswordField
          label={t('signIn.password')}
          required
          autoComplete="current-password"
          size="md"
          error={keyText(formState.errors.password?.message)}
          {...register('password')}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to="/requestReset" size="sm">
            {t('signIn.forgotPassword')}
          </Anchor>
        </Group>
      </CardForm>
      {ssoOrg !== null && (
        <Alert color="blue" variant="light" role="alert" title={t('signIn.ssoOnlyTitle')}>
          {login.error?.message}
        </Alert>
      )}
      <SsoSignIn org={ssoOrg || undefined} />
    </FormCard>
  );
}
