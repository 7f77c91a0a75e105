import {
  Alert,
  Badge,
  Button,
  FileButton,
  Group,
  Progress,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { type CheckedRow, checkPlayerRows, ZImportPlayersRejected } from '@playshop/shared';
import { IconUpload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ApiError } from '../../api/client';
import { useT } from '../../i18n/locale-provider';
import { ButtonWithIcon } from '../../ui/button-with-icon';
import { ErrorText } from '../../ui/error-alert';
import { keyText } from '../../ui/key-text';
import { TableHead } from '../../ui/table-head';
import { parsePlayerCsv } from './player-csv';
import { useImportPlayers } from './users-api';

const PREVIEW_LIMIT = 200;

/**
 * The import's state: the CSV text, each row checked here and (after a refused import) by the
 * server, and the summary of the last import.
 */
function usePlayerImport(organizationId: number) {
  const t = useT();
  const [text, setText] = useState('');
  const [serverProblems, setServerProblems] = useState<Map<number, string>>(new Map());
  const [summary, setSummary] = useState<string | null>(null);
  const importPlayers = useImportPlayers();

  const parsed = useMemo(() => (text.trim() ? parsePlayerCsv(text) : null), [text]);
  const checked: CheckedRow[] = useMemo(() => {
    if (!parsed || 'error' in parsed) return [];
    return checkPlayerRows(parsed.rows).map((c) => {
      const reason = serverProblems.get(c.row);
      if (!reason || !c.ok) return c;
      return { row: c.row, ok: false, reason, cells: c.value };
    });
  }, [parsed, serverProblems]);
  const valid = checked.filter((c) => c.ok);
  const invalidCount = checked.length - valid.length;

  // New text: the last import's summary and the server's marks no longer apply.
  const changeText = (next: string) => {
    setServerProblems(new Map());
    setSummary(null);
    setText(next);
  };

  const handleImport = () => {
    const sent = valid.flatMap((c) => (c.ok ? [c] : []));
    importPlayers.mutate(
      { organizationId, rows: sent.map((c) => c.value) },
      {
        onSuccess: ({ imported }) => {
          setSummary(
            t('users.imported', { imported }) +
              (invalidCount ? t('users.leftOut', { count: invalidCount }) : '.'),
          );
          setText('');
        },
        onError: (error) => {
          // The server checks again (usernames taken since, in other organizations): mark those rows.
          const rejected = error instanceof ApiError ? ZImportPlayersRejected.safeParse(error.body) : null;
          if (rejected?.success) {
            setServerProblems(new Map(rejected.data.rows.map((p) => [sent[p.row - 1]!.row, p.reason])));
          }
        },
      },
    );
  };
  return { text, changeText, parsed, checked, valid, invalidCount, summary, importPlayers, handleImport };
}

/** The checked rows (the first PREVIEW_LIMIT), each marked OK or with the reason it is left out. */
function ImportPreview({ checked }: { checked: CheckedRow[] }) {
  const t = useT();
  return (
    <>
      <Table.ScrollContainer minWidth={500} mah={360}>
        <Table striped withTableBorder aria-label={t('users.importPreview')}>
          <TableHead
            headings={[
              t('users.row'),
              t('users.firstName'),
              t('users.lastName'),
              t('users.username'),
              t('users.check'),
            ]}
          />
          <Table.Tbody>
            {checked.slice(0, PREVIEW_LIMIT).map((c) => {
              const cells = c.ok ? c.value : c.cells;
              return (
                <Table.Tr key={c.row}>
                  <Table.Td>{c.row}</Table.Td>
                  <Table.Td>{cells.firstName}</Table.Td>
                  <Table.Td>{cells.lastName}</Table.Td>
                  <Table.Td>{cells.username}</Table.Td>
                  <Table.Td>
                    {c.ok ? (
                      <Badge color="green" variant="light" c="dark">
                        {t('users.ok')}
                      </Badge>
                    ) : (
                      <Text size="sm" c="red.9">
                        {keyText(c.reason)}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {checked.length > PREVIEW_LIMIT && (
        <Text size="sm" c="dimmed">
          {t('users.previewLimit', { limit: PREVIEW_LIMIT })}
        </Text>
      )}
    </>
  );
}

/**
 * Bulk import of players: paste or upload a CSV, see each row checked (invalid or duplicate rows
 * marked with the reason), then import the valid ones in one transaction, with a summary.
 */
export function PlayerImportPanel({
  organizationId,
  onDone,
}: {
  organizationId: number;
  onDone: () => void;
}) {
  const t = useT();
  const { text, changeText, parsed, checked, valid, invalidCount, summary, importPlayers, handleImport } =
    usePlayerImport(organizationId);

  const handleFile = async (file: File | null) => {
    if (file) changeText(await file.text());
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('users.importHelp')}
      </Text>
      <Group gap="sm">
        <FileButton onChange={(file) => void handleFile(file)} accept=".csv,text/csv,text/plain">
          {(props) => (
            <ButtonWithIcon icon={IconUpload} variant="default" {...props}>
              {t('users.uploadCsv')}
            </ButtonWithIcon>
          )}
        </FileButton>
      </Group>
      <Textarea
        label={t('users.pasteCsv')}
        autosize
        minRows={4}
        maxRows={12}
        value={text}
        onChange={(event) => changeText(event.currentTarget.value)}
        styles={{ input: { fontFamily: 'monospace' } }}
      />
      {parsed && 'error' in parsed && (
        <Alert color="red" title={t('users.cannotReadCsv')} role="alert">
          {keyText(parsed.error)}
        </Alert>
      )}
      {checked.length > 0 && (
        <>
          <Text fw={600} role="status">
            {t('users.importCounts', { valid: valid.length, invalid: invalidCount, total: checked.length })}
          </Text>
          <ImportPreview checked={checked} />
        </>
      )}
      {importPlayers.isPending && <Progress value={100} animated striped aria-label={t('users.importing')} />}
      <ErrorText message={importPlayers.error?.message} />
      {summary && (
        <Stack gap={4}>
          <Progress value={100} color="green" aria-label={t('users.importDone')} />
          <Alert color="green" title={t('users.importDone')} role="status">
            {summary}
          </Alert>
        </Stack>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('common.close')}
        </Button>
        <Button onClick={handleImport} disabled={valid.length === 0} loading={importPlayers.isPending}>
          {t('users.importValid', { count: valid.length })}
        </Button>
      </Group>
    </Stack>
  );
}
