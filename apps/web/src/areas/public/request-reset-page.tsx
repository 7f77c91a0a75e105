import { Anchor, Text } from '@mantine/core';
import { ZRequestReset } from '@playshop/shared';
import { Link } from 'react-router';
import { useRequestReset } from '../../auth/auth-api';
import { CardForm, EmailField, FormCard } from '../../ui/form-card';
import { useZodForm } from '../../ui/use-zod-form';

/** `/requestReset`: ask for a reset link by email. */
export function RequestResetPage() {
  const requestReset = useRequestReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(ZRequestReset, { defaultValues: { email: '' } });

  const handleRequest = handleSubmit((values) => requestReset.mutate(values));

  return (
    <FormCard
      title="Request Password Reset"
      intro="Enter the email address of your account and we will send you a link to choose a new password."
    >
      <CardForm onSubmit={handleRequest} submit="Send Reset Link" pending={requestReset.isPending} keepFocus>
        <EmailField error={errors.email?.message} {...register('email')} />
      </CardForm>
      {requestReset.isSuccess && (
        <Text role="status" size="sm">
          If the address belongs to an account, the link is on its way. It can be used once.
        </Text>
      )}
      <Anchor component={Link} to="/admin-login" size="sm">
        Back to login
      </Anchor>
    </FormCard>
  );
}
