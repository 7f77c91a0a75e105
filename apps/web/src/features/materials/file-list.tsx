import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { MaterialFile } from '@playshop/shared';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../i18n/locale-provider';
import { ConfirmDeleteDialog, useConfirmDelete } from '../../ui/confirm-delete';
import { DataTable } from '../../ui/data-table';
import { fileTypeLabel, formatBytes, formatUpdated } from './file-format';
import { useDeleteMaterialFile, useDownloadMaterial } from './materials-api';

const PAGE_SIZE = 10;
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
/** Below this the table (560 px at least, plus the sidebar) would hide Download behind a scroll. */
const NARROW = '(max-width: 61.99em)';

/**
 * The files directly in one folder: name, size, type, updated, Download; Delete (with the generic
 * table's 'Are you sure you want to delete this file?') when the user may manage materials. The
 * generic table on wide screens, one card per file on narrow ones.
 */
export function FileList({
  files,
  canDelete,
  onDeleted,
}: {
  files: MaterialFile[];
  canDelete: boolean;
  /** After a file is deleted (the list is already refreshed). */
  onDeleted?: (file: MaterialFile) => void;
}) {
  const isNarrow = useMediaQuery(NARROW, false, { getInitialValueInEffect: false });
  const remove = useDeleteMaterialFile();
  const sorted = [...files].sort((a, b) => collator.compare(a.name, b.name));
  const deleteFile = canDelete
    ? async (file: MaterialFile) => {
        await remove.mutateAsync(file.fullPath);
        onDeleted?.(file);
      }
    : undefined;
  return isNarrow ? (
    <FileCards files={sorted} onDelete={deleteFile} />
  ) : (
    <FileTable files={sorted} onDelete={deleteFile} />
  );
}

type DeleteFile = ((file: MaterialFile) => Promise<void>) | undefined;

function DownloadButton({ file }: { file: MaterialFile }) {
  const download = useDownloadMaterial();
  const t = useT();
  return (
    <Button
      variant="light"
      size="compact-sm"
      leftSection={<IconDownload size={14} aria-hidden />}
      aria-label={t('materials.downloadFile', { name: file.name })}
      loading={download.isPending}
      onClick={() => download.mutate(file.fullPath)}
    >
      {t('materials.download')}
    </Button>
  );
}

const fileFacts = (file: MaterialFile) => `${formatBytes(file.size)} · ${fileTypeLabel(file)}`;

function FileCards({ files, onDelete }: { files: MaterialFile[]; onDelete: DeleteFile }) {
  const confirmDelete = useConfirmDelete<MaterialFile>(onDelete);
  const t = useT();

  return (
    <>
      <Stack
        component="ul"
        aria-label={t('materials.files')}
        gap="sm"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {files.map((file) => (
          <Paper component="li" key={file.fullPath} withBorder radius="md" p="sm">
            <Stack gap={8}>
              <div>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {file.name}
                </Text>
                <Text size="sm" c="dimmed">
                  {`${fileFacts(file)} · `}
                  <time dateTime={file.updated}>{formatUpdated(file.updated)}</time>
                </Text>
              </div>
              <Group gap="sm">
                <DownloadButton file={file} />
                {onDelete && (
                  <ActionIcon
                    variant="light"
                    color="red"
                    size="md"
                    aria-label={t('materials.deleteFile', { name: file.name })}
                    onClick={() => confirmDelete.ask(file)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
      <ConfirmDeleteDialog
        state={confirmDelete}
        thing={t('materials.fileThing')}
        label={(file) => file.name}
      />
    </>
  );
}

function FileTable({ files: sorted, onDelete }: { files: MaterialFile[]; onDelete: DeleteFile }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const pageCount = Math.ceil(sorted.length / PAGE_SIZE);
  // A delete can empty the last page: show the one before it.
  const shownPage = Math.max(1, Math.min(page, pageCount));
  const rows = sorted.slice((shownPage - 1) * PAGE_SIZE, shownPage * PAGE_SIZE);

  return (
    <DataTable<MaterialFile>
      caption={t('materials.files')}
      thing={t('materials.fileThing')}
      rows={rows}
      getRowKey={(file) => file.fullPath}
      getRowLabel={(file) => file.name}
      emptyText={t('materials.noFiles')}
      page={shownPage}
      pageCount={pageCount}
      onPageChange={setPage}
      onDelete={onDelete}
      columns={[
        { header: t('materials.name'), render: (file) => <Text fw={500}>{file.name}</Text> },
        { header: t('materials.size'), render: (file) => formatBytes(file.size) },
        {
          header: t('materials.type'),
          render: (file) => <span title={file.contentType}>{fileTypeLabel(file)}</span>,
        },
        {
          header: t('materials.updated'),
          render: (file) => <time dateTime={file.updated}>{formatUpdated(file.updated)}</time>,
        },
        { header: t('materials.download'), render: (file) => <DownloadButton file={file} /> },
      ]}
    />
  );
}
