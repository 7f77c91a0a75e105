import { Alert, Anchor } from '@mantine/core';
import { ERRORS, ZResetPasswordForm } from '@playshop/shared';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useResetPassword } from '../../auth/auth-api';
import { CardForm, FormCard } from '../../ui/form-card';
import { PasswordField } from '../../ui/password-field';
import { useZodForm } from '../../ui/use-zod-form';

/** `/reset-password?token=…`: choose a new password; validated as the user types (SPEC §5). */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
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
      <FormCard title="Reset Password">
        <Alert color="red" variant="light" title={ERRORS.invalidResetToken}>
          Ask for a new link and open it from the email.
        </Alert>
        <Anchor component={Link} to="/requestReset">
          Request a new reset link
        </Anchor>
      </FormCard>
    );
  }

  return (
    <FormCard title="Reset Password" intro="Choose a new password of at least 8 characters.">
      <CardForm onSubmit={handleReset} submit="Submit" pending={resetPassword.isPending}>
        <PasswordField
          label="New password"
          required
          autoComplete="new-password"
          size="md"
          error={errors.password?.message}
          {...passwordField}
        />
        <PasswordField
          label="Confirm password"
          required
          autoComplete="new-password"
          size="md"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
      </CardForm>
    </FormCard>
  );
}
