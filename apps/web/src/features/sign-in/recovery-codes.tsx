import { Alert, Button, Code, SimpleGrid, Stack, Text } from '@mantine/core';
import { useT } from '../../i18n/locale-provider';

/** The recovery codes, shown this once: the server keeps only their hashes. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT();
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" title={t('signIn.saveCodesTitle')}>
        {t('signIn.saveCodesText')}
      </Alert>
      <SimpleGrid cols={2} spacing="xs" aria-label={t('signIn.recoveryCodes')}>
        {codes.map((code) => (
          <Code key={code} fz="md" ta="center">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t('signIn.enabled')}
      </Text>
      <Button onClick={onDone}>{t('signIn.savedCodes')}</Button>
    </Stack>
  );
}
