import { Alert, Button, Group, PasswordInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useInputState } from '@mantine/hooks';
import type { OrgXapi } from '@playshop/shared';
import type { FormEvent } from 'react';
import { formatDateTime } from '../../i18n/format';
import { serverText } from '../../i18n/i18n';
import { useT } from '../../i18n/locale-provider';
import { ErrorAlert } from '../../ui/error-alert';
import { toastSuccess } from '../../ui/toast';
import { useTextField } from '../../ui/use-text-field';
import { SettingsQuerySection } from './settings-section';
import { useOrgXapi, useSaveOrgXapi, useTestOrgXapi } from './xapi-api';

/**
 * Settings › Learning records (issue 47 item 2): the organization's learning record store (its xAPI
 * endpoint, key and secret), "Send a test statement" with the store's answer, the switch, and how
 * the queue of statements is doing.
 */
export function XapiSettingsPanel({ orgId }: { orgId: number }) {
  const t = useT();
  return (
    <SettingsQuerySection
      id="xapi-title"
      title={t('xapi.title')}
      intro={t('xapi.intro')}
      query={useOrgXapi(orgId)}
      loading={t('xapi.loading')}
    >
      {(data, updatedAt) => (
        <>
          <XapiForm key={updatedAt} orgId={orgId} saved={data} />
          <QueueState saved={data} />
        </>
      )}
    </SettingsQuerySection>
  );
}

function XapiForm({ orgId, saved }: { orgId: number; saved: OrgXapi }) {
  const t = useT();
  const save = useSaveOrgXapi(orgId);
  const test = useTestOrgXapi(orgId);
  const [enabled, setEnabled] = useInputState(saved.enabled);
  const endpoint = useTextField(saved.endpoint ?? '');
  const key = useTextField(saved.key ?? '');
  const secret = useTextField('');
  const [identifyByEmail, setIdentifyByEmail] = useInputState(saved.identifyByEmail);

  // The store's address and credentials as typed: saved with the switches, or tried by a test statement.
  const store = () => ({ endpoint: endpoint.value.trim(), key: key.value.trim(), secret: secret.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ enabled, ...store(), identifyByEmail }, { onSuccess: () => toastSuccess(t('xapi.saved')) });
  };
  const sendTest = () => test.mutate(store());
  const answer = test.data;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Switch label={t('xapi.enabled')} checked={enabled} onChange={setEnabled} />
        <TextInput
          label={t('xapi.endpoint')}
          description={t('xapi.endpointHelp')}
          placeholder="https://lrs.example.org/data/xAPI/"
          {...endpoint}
        />
        <TextInput label={t('xapi.key')} autoComplete="off" {...key} />
        <PasswordInput
          label={t('xapi.secret')}
          description={saved.hasSecret ? t('xapi.secretKept') : undefined}
          autoComplete="new-password"
          {...secret}
        />
        <Switch
          label={t('xapi.identifyByEmail')}
          description={t('xapi.identifyByEmailHelp')}
          checked={identifyByEmail}
          onChange={setIdentifyByEmail}
        />
        {save.isError && <ErrorAlert message={save.error.message} />}
        {test.isError && <ErrorAlert message={test.error.message} />}
        {answer && (
          <Alert
            color={answer.ok ? 'green' : 'red'}
            variant="light"
            role="status"
            data-testid="xapi-test-answer"
          >
            {serverText(answer)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('xapi.save')}
          </Button>
          <Button variant="default" onClick={sendTest} loading={test.isPending}>
            {t('xapi.test')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** How many statements wait, when the last went, and the store's last refusal. */
function QueueState({ saved }: { saved: OrgXapi }) {
  const t = useT();
  const { queue } = saved;
  return (
    <Stack gap={4} data-testid="xapi-queue">
      <Text size="sm">{t('xapi.waiting', { count: queue.waiting })}</Text>
      {queue.refused > 0 && <Text size="sm">{t('xapi.refused', { count: queue.refused })}</Text>}
      {queue.lastDeliveredAt && (
        <Text size="sm">
          {t('xapi.lastDelivered', { when: formatDateTime(new Date(queue.lastDeliveredAt)) })}
        </Text>
      )}
      {queue.lastError && queue.lastErrorAt && (
        <Text size="sm" c="red.8">
          {t('xapi.lastError', { when: formatDateTime(new Date(queue.lastErrorAt)), error: queue.lastError })}
        </Text>
      )}
    </Stack>
  );
}
