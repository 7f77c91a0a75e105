import { Alert, Button, Code, Loader, Stack, Text, TextInput } from '@mantine/core';
import type { TwoFactorSetup } from '@playshop/shared';
import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, useState } from 'react';
import { useT } from '../../i18n/locale-provider';

/**
 * Setting up an authenticator app: the QR code of the otpauth address (the same QR renderer as the
 * join code), the secret for typing, and the first code to confirm it.
 */
export function EnrolTwoFactor({
  setup,
  confirming,
  error,
  onConfirm,
}: {
  setup: TwoFactorSetup | undefined;
  confirming: boolean;
  error: string | null;
  onConfirm: (code: string) => void;
}) {
  const [code, setCode] = useState('');
  const t = useT();
  if (!setup) return <Loader aria-label={t('signIn.preparing')} />;
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(code);
  };
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text>{t('signIn.scanQr')}</Text>
        <div role="img" aria-label={t('signIn.qrCode')} style={{ alignSelf: 'flex-start' }}>
          <QRCodeSVG value={setup.otpauthUrl} size={192} marginSize={2} />
        </div>
        <Text size="sm">
          {t('signIn.cannotScan')} <Code data-testid="two-factor-secret">{setup.secret}</Code>
        </Text>
        <TextInput
          label={t('signIn.appCode')}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={confirming}>
          {t('signIn.turnOn')}
        </Button>
      </Stack>
    </form>
  );
}
