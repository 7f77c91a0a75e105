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
import { parsePlayerCsv } from './player-csv';
import { useImportPlayers } from './users-api';

const PREVIEW_LIMIT = 200;

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

  const handleFile = async (file: File | null) => {
    if (!file) return;
    setServerProblems(new Map());
    setSummary(null);
    setText(await file.text());
  };

  const handleImport = () => {
    const sent = valid.flatMap((c) => (c.ok ? [c] : []));
    importPlayers.mutate(
      { organizationId, rows: sent.map((c) => c.value) },
      {
        onSuccess: ({ imported }) => {
          setSummary(
            `Imported ${imported} player${imported === 1 ? '' : 's'}` +
              (invalidCount ? `; ${invalidCount} row${invalidCount === 1 ? '' : 's'} left out.` : '.'),
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

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        A header row naming <strong>firstName</strong>, <strong>lastName</strong> and{' '}
        <strong>username</strong>, then one player a line; commas or semicolons; up to 5,000 rows.
      </Text>
      <Group gap="sm">
        <FileButton onChange={(file) => void handleFile(file)} accept=".csv,text/csv,text/plain">
          {(props) => (
            <Button variant="default" leftSection={<IconUpload size={16} aria-hidden />} {...props}>
              Upload a CSV file
            </Button>
          )}
        </FileButton>
      </Group>
      <Textarea
        label="Or paste the CSV here"
        autosize
        minRows={4}
        maxRows={12}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setServerProblems(new Map());
          setSummary(null);
        }}
        styles={{ input: { fontFamily: 'monospace' } }}
      />
      {parsed && 'error' in parsed && (
        <Alert color="red" title="Cannot read this CSV" role="alert">
          {parsed.error}
        </Alert>
      )}
      {checked.length > 0 && (
        <>
          <Text fw={600} role="status">
            {`${valid.length} valid, ${invalidCount} invalid of ${checked.length} rows`}
          </Text>
          <Table.ScrollContainer minWidth={500} mah={360}>
            <Table striped withTableBorder aria-label="Import preview">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Row</Table.Th>
                  <Table.Th>First Name</Table.Th>
                  <Table.Th>Last Name</Table.Th>
                  <Table.Th>Username</Table.Th>
                  <Table.Th>Check</Table.Th>
                </Table.Tr>
              </Table.Thead>
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
                            OK
                          </Badge>
                        ) : (
                          <Text size="sm" c="red.9">
                            {c.reason}
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
            <Text size="sm" c="dimmed">{`The first ${PREVIEW_LIMIT} rows are shown; all are checked.`}</Text>
          )}
        </>
      )}
      {importPlayers.isPending && <Progress value={100} animated striped aria-label="Importing players" />}
      {importPlayers.isError && (
        <Text c="red.9" role="alert">
          {`Error: ${importPlayers.error.message}`}
        </Text>
      )}
      {summary && (
        <Stack gap={4}>
          <Progress value={100} color="green" aria-label="Import done" />
          <Alert color="green" title="Import done" role="status">
            {summary}
          </Alert>
        </Stack>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Close
        </Button>
        <Button onClick={handleImport} disabled={valid.length === 0} loading={importPlayers.isPending}>
          {`Import ${valid.length} valid row${valid.length === 1 ? '' : 's'}`}
        </Button>
      </Group>
    </Stack>
  );
}
