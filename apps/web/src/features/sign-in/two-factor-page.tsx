import { Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useT } from '../../i18n/locale-provider';
import { ErrorAlert } from '../../ui/error-alert';
import { PageLoader } from '../../ui/page-loader';
import { PageTitle } from '../../ui/page-title';
import { RequestError } from '../../ui/request-error';
import { toastSuccess } from '../../ui/toast';
import { EnrolTwoFactor } from './enrol-two-factor';
import { RecoveryCodes } from './recovery-codes';
import {
  useTwoFactorConfirm,
  useTwoFactorDisable,
  useTwoFactorSetup,
  useTwoFactorStatus,
} from './sign-in-api';

/** `/two-factor`: a staff member's own two-factor sign-in: set it up, or turn it off. */
export function TwoFactorPage() {
  const status = useTwoFactorStatus();
  const setup = useTwoFactorSetup();
  const confirm = useTwoFactorConfirm();
  const [codes, setCodes] = useState<string[] | null>(null);
  const t = useT();

  return (
    <Stack gap="lg" maw={560} mx="auto" py="xl">
      <PageTitle>{t('signIn.twoFactorTitle')}</PageTitle>
      {status.isPending && <PageLoader label={t('signIn.loadingTwoFactor')} />}
      {status.isError && <ErrorAlert message={status.error.message} />}
      {status.data && (
        <Card withBorder radius="lg" padding="lg">
          {codes ? (
            <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
          ) : status.data.enabled ? (
            <Stack gap="md">
              <Text fw={600}>{t('signIn.enabled')}</Text>
              <Text size="sm">{t('signIn.recoveryCodesLeft', { count: status.data.recoveryCodesLeft })}</Text>
              {status.data.required ? (
                <Text size="sm" c="dimmed">
                  {t('signIn.requiredCannotDisable')}
                </Text>
              ) : (
                <TurnOffForm onDisabled={() => setup.reset()} />
              )}
            </Stack>
          ) : setup.isIdle ? (
            <Stack gap="md">
              <Text>
                {t('signIn.disabled')} {t('signIn.whyTwoFactor')}
              </Text>
              {status.data.required && <Text c="orange">{t('signIn.organizationRequires')}</Text>}
              <Button onClick={() => setup.mutate()}>{t('signIn.setUp')}</Button>
            </Stack>
          ) : (
            <EnrolTwoFactor
              setup={setup.data}
              confirming={confirm.isPending}
              error={confirm.isError ? confirm.error.message : setup.isError ? setup.error.message : null}
              onConfirm={(code) =>
                confirm.mutate(code, { onSuccess: (reply) => setCodes(reply.recoveryCodes) })
              }
            />
          )}
        </Card>
      )}
    </Stack>
  );
}

/** Turning two-factor sign-in off with a current code (or a recovery code). */
function TurnOffForm({ onDisabled }: { onDisabled: () => void }) {
  const t = useT();
  const disable = useTwoFactorDisable();
  const [offCode, setOffCode] = useState('');

  const handleDisable = (event: FormEvent) => {
    event.preventDefault();
    disable.mutate(offCode, {
      onSuccess: () => {
        setOffCode('');
        onDisabled();
        toastSuccess(t('signIn.disabled'));
      },
    });
  };

  return (
    <form onSubmit={handleDisable} noValidate>
      <Group align="flex-end">
        <TextInput
          label={t('signIn.offCode')}
          autoComplete="one-time-code"
          value={offCode}
          onChange={(event) => setOffCode(event.currentTarget.value)}
        />
        <Button type="submit" color="red" variant="light" loading={disable.isPending}>
          {t('signIn.turnOff')}
        </Button>
      </Group>
      <RequestError request={disable} mt="sm" />
    </form>
  );
}
