import { Button, Group, List, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { RETENTION_MONTHS, type RetentionSettings, type RetentionStatus } from '@playshop/shared';
import { type FormEvent, useState } from 'react';
import { formatDate } from '../../i18n/format';
import { useT } from '../../i18n/locale-provider';
import { ErrorAlert } from '../../ui/error-alert';
import { toastSuccess } from '../../ui/toast';
import { useApplyRetention, useRetention, useSaveRetention } from './retention-api';
import { SettingsQuerySection } from './settings-section';

type Kind = keyof RetentionSettings;
const KINDS: readonly Kind[] = ['games', 'answers', 'audit'];

/** Cut-offs are midnight UTC and the daily run 03:00 UTC: shown in UTC so the day is the server's. */
const day = (iso: string) => formatDate(new Date(iso), { dateStyle: 'long', timeZone: 'UTC' });
const dayAndTime = (iso: string) =>
  `${formatDate(new Date(iso), { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

/**
 * Settings › Retention (issue 45 item 3): how long the organization's games, answers and audit log
 * entries are kept, what the next daily run will remove, and "Apply now".
 */
export function RetentionPanel({ orgId }: { orgId: number }) {
  const t = useT();
  return (
    <SettingsQuerySection
      id="retention-title"
      title={t('retention.title')}
      intro={t('retention.intro')}
      query={useRetention(orgId)}
      loading={t('retention.loading')}
    >
      {(data, updatedAt) => <RetentionForm key={updatedAt} orgId={orgId} status={data} />}
    </SettingsQuerySection>
  );
}

function RetentionForm({ orgId, status }: { orgId: number; status: RetentionStatus }) {
  const t = useT();
  const save = useSaveRetention(orgId);
  const apply = useApplyRetention(orgId);
  const [form, setForm] = useState<RetentionSettings>(status.settings);
  const options = [
    { value: '', label: t('retention.forever') },
    ...RETENTION_MONTHS.map((months) => ({
      value: String(months),
      label: t('retention.months', { months }),
    })),
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form, { onSuccess: () => toastSuccess(t('retention.saved')) });
  };
  const applyNow = () =>
    apply.mutate(undefined, {
      onSuccess: (run) =>
        toastSuccess(
          t('retention.applied', {
            games: run.games.count,
            answers: run.answers.count,
            audit: run.audit.count,
          }),
        ),
    });
  return (
    <Stack gap="md">
      <form onSubmit={submit}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {KINDS.map((kind) => (
              <NativeSelect
                key={kind}
                label={t(`retention.${kind}`)}
                data={options}
                value={form[kind] === null ? '' : String(form[kind])}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setForm((f) => ({ ...f, [kind]: value === '' ? null : Number(value) }));
                }}
              />
            ))}
          </SimpleGrid>
          {save.isError && <ErrorAlert message={save.error.message} />}
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('retention.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <WhatGoes status={status} />
      <Text size="sm">{t('retention.insightsKept')}</Text>
      {status.lastRunAt && (
        <Text size="sm">{t('retention.lastRun', { when: dayAndTime(status.lastRunAt) })}</Text>
      )}
      {apply.isError && <ErrorAlert message={apply.error.message} />}
      <Group>
        <Button variant="light" color="red" onClick={applyNow} loading={apply.isPending}>
          {t('retention.apply')}
        </Button>
      </Group>
    </Stack>
  );
}

/** What the next daily run removes, kind by kind, with its cut-off day and how many that is now. */
function WhatGoes({ status }: { status: RetentionStatus }) {
  const t = useT();
  const when = dayAndTime(status.nextRunAt);
  const { games, answers, audit } = status.pending;
  return (
    <>
      <Title order={3} size="h4">
        {t('retention.whatGoes')}
      </Title>
      <List spacing="xs" size="sm" aria-label={t('retention.whatGoes')}>
        <List.Item>
          {games.before
            ? t('retention.gamesGo', { date: day(games.before), when, count: games.count })
            : t('retention.gamesKept')}
        </List.Item>
        <List.Item>
          {answers.before
            ? t('retention.answersGo', { date: day(answers.before), when, count: answers.count })
            : t('retention.answersKept')}
        </List.Item>
        <List.Item>
          {audit.before
            ? t('retention.auditGo', { date: day(audit.before), when, count: audit.count })
            : t('retention.auditCeiling', { days: status.auditCeilingDays })}
        </List.Item>
      </List>
    </>
  );
}
