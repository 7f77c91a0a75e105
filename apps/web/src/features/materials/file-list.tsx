import { Button, Text } from '@mantine/core';
import { MATERIAL_TEXTS, type MaterialFile } from '@playshop/shared';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useDeleteMaterialFile } from '../../api/use-delete-material-file';
import { useDownloadMaterial } from '../../api/use-download-material';
import { DataTable } from '../../ui/data-table';
import { fileTypeLabel, formatBytes, formatUpdated } from './file-format';

const PAGE_SIZE = 10;
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * The files directly in one folder: name, size, type, updated, Download; Delete (with the generic
 * table's 'Are you sure you want to delete this file?') when the user may manage materials.
 */
export function FileList({ files, canDelete }: { files: MaterialFile[]; canDelete: boolean }) {
  const [page, setPage] = useState(1);
  const download = useDownloadMaterial();
  const remove = useDeleteMaterialFile();
  const sorted = [...files].sort((a, b) => collator.compare(a.name, b.name));
  const pageCount = Math.ceil(sorted.length / PAGE_SIZE);
  // A delete can empty the last page: show the one before it.
  const shownPage = Math.max(1, Math.min(page, pageCount));
  const rows = sorted.slice((shownPage - 1) * PAGE_SIZE, shownPage * PAGE_SIZE);

  return (
    <DataTable<MaterialFile>
      caption="Files"
      thing="file"
      rows={rows}
      getRowKey={(file) => file.fullPath}
      getRowLabel={(file) => file.name}
      emptyText={MATERIAL_TEXTS.noFiles}
      page={shownPage}
      pageCount={pageCount}
      onPageChange={setPage}
      onDelete={canDelete ? (file) => remove.mutateAsync(file.fullPath) : undefined}
      columns={[
        { header: 'Name', render: (file) => <Text fw={500}>{file.name}</Text> },
        { header: 'Size', render: (file) => formatBytes(file.size) },
        { header: 'Type', render: (file) => <span title={file.contentType}>{fileTypeLabel(file)}</span> },
        {
          header: 'Updated',
          render: (file) => <time dateTime={file.updated}>{formatUpdated(file.updated)}</time>,
        },
        {
          header: 'Download',
          render: (file) => (
            <Button
              variant="light"
              size="compact-sm"
              leftSection={<IconDownload size={14} aria-hidden />}
              aria-label={`Download ${file.name}`}
              loading={download.isPending && download.variables === file.fullPath}
              onClick={() => download.mutate(file.fullPath)}
            >
              Download
            </Button>
          ),
        },
      ]}
    />
  );
}
