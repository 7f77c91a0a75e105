import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconUpload } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { t as translate } from '../../i18n/i18n';
import { useT } from '../../i18n/locale-provider';
import { BackLink } from '../../ui/back-link';
import { ConfirmDeleteDialog, useConfirmDelete } from '../../ui/confirm-delete';
import { DeleteButton } from '../../ui/delete-button';
import { LoadFailed } from '../../ui/load-failed';
import { PageLoader } from '../../ui/page-loader';
import { PageTitle } from '../../ui/page-title';
import { FileList } from './file-list';
import { FolderGrid, sortFolders } from './folder-grid';
import { useDeleteFolder, useMaterialFolder } from './materials-api';
import { useMaterialsPaths } from './materials-area';
import { folderTrail, MaterialsBreadcrumbs } from './materials-breadcrumbs';

/** `…/materials/{folderName}` and `…/materials/{folderName}/{subFolderName}`. */
export function MaterialsFolderPage() {
  const t = useT();
  const { folderName = '', subFolderName } = useParams();
  const paths = useMaterialsPaths();
  const navigate = useNavigate();
  const folder = useMaterialFolder(folderName, subFolderName);
  const name = subFolderName ?? folderName;
  const parentHref = subFolderName ? paths.folderHref(folderName) : paths.root;

  const trail = (
    <MaterialsBreadcrumbs trail={folderTrail(paths.folderHref, folderName, subFolderName, 'folder')} />
  );

  if (folder.error) {
    return (
      <LoadFailed
        trail={trail}
        title={name}
        message={folderErrorText(folder.error)}
        back={
          <BackLink to={paths.root} w="fit-content">
            {t('materials.backToMaterials')}
          </BackLink>
        }
      />
    );
  }
  if (!folder.data) return <PageLoader label={t('materials.loadingFolder')} showLabel />;

  const { subfolders, files } = folder.data;
  return (
    <Stack gap="lg">
      {trail}
      <PageTitle
        subtitle={t('materials.fileCount', { count: files.length })}
        style={{ overflowWrap: 'anywhere' }}
      >
        {name}
      </PageTitle>
      {paths.canManage && (
        <FolderActions folderName={folderName} subFolderName={subFolderName} parentHref={parentHref} />
      )}

      {!subFolderName && subfolders.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="subfolders-heading">
          <Title order={2} fz="lg" id="subfolders-heading">
            {t('materials.subfolders')}
          </Title>
          <FolderGrid
            label={t('materials.subfolders')}
            folders={sortFolders(subfolders, 'asc')}
            hrefOf={(subfolder) => paths.folderHref(folderName, subfolder.name)}
          />
        </Stack>
      )}

      <Stack gap="sm" component="section" aria-labelledby="files-heading">
        <Title order={2} fz="lg" id="files-heading">
          {t('materials.files')}
        </Title>
        {files.length === 0 ? (
          // No empty table: on a phone its scroll area would hold nothing to focus (axe).
          <Text c="dimmed">{t('materials.noFiles')}</Text>
        ) : (
          <FileList
            files={files}
            canDelete={paths.canManage}
            // A folder exists while it holds something: its last file gone, the folder is gone too.
            onDeleted={() => {
              if (files.length <= 1 && subfolders.length === 0) navigate(parentHref, { replace: true });
            }}
          />
        )}
      </Stack>
    </Stack>
  );
}

/** Why a folder failed to load: 'Folder not found' for a 404 (a folder the caller may not see). */
export function folderErrorText(error: Error): string {
  const isNotFound = error instanceof ApiError && error.status === 404;
  return isNotFound
    ? translate('materials.folderNotFound')
    : translate('materials.error', { message: error.message });
}

interface FolderActionsProps {
  folderName: string;
  subFolderName: string | undefined;
  /** Where a deleted folder's page goes. */
  parentHref: string;
}

/** A manager's Upload here, Rename folder and Delete folder (with its confirmation). */
function FolderActions({ folderName, subFolderName, parentHref }: FolderActionsProps) {
  const t = useT();
  const paths = useMaterialsPaths();
  const navigate = useNavigate();
  const folderPath = subFolderName ? `${folderName}/${subFolderName}` : folderName;
  const removeFolder = useDeleteFolder();
  const confirmDeleteFolder = useConfirmDelete<string>(async (path) => {
    await removeFolder.mutateAsync(path);
    navigate(parentHref, { replace: true });
  });
  return (
    <Group gap="sm">
      <Button
        component={Link}
        to={paths.uploadHref(folderName, subFolderName)}
        leftSection={<IconUpload size={18} aria-hidden />}
      >
        {t('materials.uploadHere')}
      </Button>
      <Button
        component={Link}
        to={`${paths.folderHref(folderName, subFolderName)}/edit`}
        variant="default"
        leftSection={<IconPencil size={18} aria-hidden />}
      >
        {t('materials.renameFolder')}
      </Button>
      <DeleteButton iconSize={18} onClick={() => confirmDeleteFolder.ask(folderPath)}>
        {t('materials.deleteFolder')}
      </DeleteButton>
      {/* SPEC §2: the folder confirmation warns that every file inside goes too. */}
      <ConfirmDeleteDialog
        state={confirmDeleteFolder}
        thing={t('materials.folderThing')}
        label={(path) => path}
        warning={t('materials.deleteFolderWarning')}
      />
    </Group>
  );
}
