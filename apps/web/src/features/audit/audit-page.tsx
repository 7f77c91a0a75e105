import { Code, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { AUDIT_API, type AuditEntry, type AuditFilter } from '@playshop/shared';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { callPath } from '../../api/client';
import { downloadFile } from '../../api/download-file';
import { formatDate } from '../../i18n/format';
import { useT } from '../../i18n/locale-provider';
import { ButtonWithIcon } from '../../ui/button-with-icon';
import { DataTable, type DataTableColumn, queryPageProps } from '../../ui/data-table';
import { PageTitle } from '../../ui/page-title';
import { useAuditEntries } from './audit-api';
import { actionChoices, actionText, fieldText, roleText, targetText, valueText } from './audit-text';

// In the reader's language; seconds kept, as an audit trail needs them.
const when = (iso: string) => formatDate(new Date(iso), { dateStyle: 'medium', timeStyle: 'medium' });

/** `field: before → after` per changed field, in the reader's words. */
function Changes({ changes }: { changes: AuditEntry['changes'] }) {
  const t = useT();
  if (!changes) return null;
  return (
    <Stack gap={2}>
      {Object.entries(changes).map(([field, [before, after]]) => (
        <Text key={field} size="sm">
          {fieldText(t, field)}: <Code>{valueText(t, before, field)}</Code> →{' '}
          <Code>{valueText(t, after, field)}</Code>
        </Text>
      ))}
    </Stack>
  );
}

/** The log's filters (typed ones debounced), its page, and the entries they select. */
function useAuditLog() {
  const [action, setAction] = useState('');
  const [q, setQ] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [typed] = useDebouncedValue({ q: q.trim() }, 300);
  const filter: AuditFilter = {
    ...(action ? { action } : {}),
    ...(typed.q ? { q: typed.q } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const entries = useAuditEntries(filter, page);
  const refilter = (set: (v: string) => void) => (event: { currentTarget: { value: string } }) => {
    set(event.currentTarget.value);
    setPage(1);
  };
  return { action, setAction, q, setQ, from, setFrom, to, setTo, filter, page, setPage, entries, refilter };
}

/**
 * `{org}/admin/audit-log`: who changed what (in words, with before → after), when and from where,
 * newest first. Filter by action (chosen by its words),
 * a name (the actor's or the target's) and dates; page through; Export CSV downloads what the
 * filters show. Read-only: entries cannot be edited or deleted.
 */
export function AuditPage() {
  const t = useT();
  const columns: DataTableColumn<AuditEntry>[] = [
    { header: t('audit.when'), render: (e) => when(e.at) },
    {
      header: t('audit.who'),
      render: (e) => (e.actorRole ? `${e.actor} (${roleText(t, e.actorRole)})` : e.actor),
    },
    { header: t('audit.action'), render: (e) => actionText(t, e) },
    { header: t('audit.target'), render: (e) => targetText(t, e) },
    { header: t('audit.changes'), render: (e) => <Changes changes={e.changes} /> },
    { header: t('audit.address'), render: (e) => e.address ?? '' },
  ];
  const { action, setAction, q, setQ, from, setFrom, to, setTo, filter, page, setPage, entries, refilter } =
    useAuditLog();

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <PageTitle>{t('audit.title')}</PageTitle>
        <ButtonWithIcon
          icon={IconDownload}
          variant="light"
          onClick={() =>
            void downloadFile(
              callPath(AUDIT_API.export, { query: filter }),
              `audit-log-${new Date().toISOString().slice(0, 10)}.csv`,
            )
          }
        >
          {t('audit.exportCsv')}
        </ButtonWithIcon>
      </Group>
      <Group align="flex-end" gap="sm">
        <Select
          label={t('audit.action')}
          placeholder={t('audit.allActions')}
          data={actionChoices(t)}
          value={action || null}
          onChange={(value) => {
            setAction(value ?? '');
            setPage(1);
          }}
          searchable
          clearable
          w={320}
        />
        <TextInput label={t('audit.personOrTarget')} value={q} onChange={refilter(setQ)} />
        <TextInput label={t('audit.from')} type="date" value={from} onChange={refilter(setFrom)} />
        <TextInput label={t('audit.to')} type="date" value={to} onChange={refilter(setTo)} />
      </Group>
      <DataTable
        caption={t('audit.title')}
        columns={columns}
        rows={entries.data?.items}
        getRowKey={(e) => e.id}
        getRowLabel={(e) => `${actionText(t, e)} ${e.id}`}
        thing={t('audit.thing')}
        emptyText={t('audit.empty')}
        {...queryPageProps(entries, page, setPage)}
      />
    </Stack>
  );
}
