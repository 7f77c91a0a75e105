import { Anchor, Text } from '@mantine/core';
import { ZRequestReset } from '@playshop/shared';
import { Link } from 'react-router';
import { useRequestReset } from '../../auth/staff-auth-api';
import { useT } from '../../i18n/locale-provider';
import { CardForm, EmailField, FormCard } from '../../ui/form-card';
import { keyText } from '../../ui/key-text';
import { useZodForm } from '../../ui/use-zod-form';

/** `/requestReset`: ask for a reset link by email. */
export function RequestResetPage() {
  const requestReset = useRequestReset();
  const t = useT();
  const { register, handleSubmit, formState } = useZodForm(ZRequestReset, { defaultValues: { email: '' } });

  const handleRequest = handleSubmit((values) => requestReset.mutate(values));

  return (
    <FormCard title={t('signIn.requestResetTitle')} intro={t('signIn.requestResetIntro')}>
      <CardForm
        onSubmit={handleRequest}
        submit={t('signIn.sendResetLink')}
        pending={requestReset.isPending}
        keepFocus
      >
        <EmailField error={keyText(formState.errors.email?.message)} {...register('email')} />
      </CardForm>
      {requestReset.isSuccess && (
        <Text role="status" size="sm">
          {t('signIn.resetLinkSent')}
        </Text>
      )}
      <Anchor component={Link} to="/admin-login" size="sm">
        {t('signIn.backToLoginShort')}
      </Anchor>
    </FormCard>
  );
}
