import { Alert, Anchor } from '@mantine/core';
import { ZResetPasswordForm } from '@playshop/shared';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useResetPassword } from '../../auth/staff-auth-api';
import { useT } from '../../i18n/locale-provider';
import { CardForm, FormCard } from '../../ui/form-card';
import { keyText } from '../../ui/key-text';
import { PasswordField } from '../../ui/password-field';
import { useZodForm } from '../../ui/use-zod-form';

/** What both fields share: each takes the new password. */
const newPassword = { required: true, autoComplete: 'new-password', size: 'md' } as const;

/** `/reset-password?token=…`: choose a new password; validated as the user types (SPEC §5). */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const t = useT();
  const {
    register,
    handleSubmit,
    trigger,
    getFieldState,
    formState: { errors },
  } = useZodForm(ZResetPasswordForm, {
    mode: 'onChange',
    defaultValues: { password: '', confirmPassword: '' },
  });

  const handleReset = handleSubmit(({ password }) =>
    resetPassword.mutate({ password, token }, { onSuccess: () => navigate('/admin-login') }),
  );

  // Changing the password re-checks a confirmation already typed, so 'do not match' stays truthful.
  const passwordField = register('password', {
    onChange: () => {
      if (getFieldState('confirmPassword').isDirty) void trigger('confirmPassword');
    },
  });

  if (!token) {
    return (
      <FormCard title={t('signIn.resetTitle')}>
        <Alert color="red" variant="light" title={t('errors.invalidResetToken')}>
          {t('signIn.askNewLink')}
        </Alert>
        <Anchor component={Link} to="/requestReset">
          {t('signIn.requestNewLink')}
        </Anchor>
      </FormCard>
    );
  }

  return (
    <FormCard title={t('signIn.resetTitle')} intro={t('signIn.resetIntro')}>
      <CardForm onSubmit={handleReset} submit={t('signIn.submit')} pending={resetPassword.isPending}>
        <PasswordField
          label={t('signIn.newPassword')}
          error={keyText(errors.password?.message)}
          {...newPassword}
          {...passwordField}
        />
        <PasswordField
          label={t('signIn.confirmPassword')}
          error={keyText(errors.confirmPassword?.message)}
          {...newPassword}
          {...register('confirmPassword')}
        />
      </CardForm>
    </FormCard>
  );
}
