import { Button, Group, Stack, Text } from '@mantine/core';
import { IconSortAscendingLetters, IconSortDescendingLetters, IconUpload } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useT } from '../../i18n/locale-provider';
import { ErrorAlert } from '../../ui/error-alert';
import { PageLoader } from '../../ui/page-loader';
import { PageTitle } from '../../ui/page-title';
import { FolderGrid, type NameOrder, sortFolders } from './folder-grid';
import { useMaterialFolders } from './materials-api';
import { useMaterialsPaths } from './materials-area';
import { MaterialsBreadcrumbs } from './materials-breadcrumbs';

/** `…/materials`: the top-level folders the user may see, sorted by name (the order is in the URL). */
export function MaterialsFoldersPage() {
  const t = useT();
  const paths = useMaterialsPaths();
  const folders = useMaterialFolders();
  const [searchParams, setSearchParams] = useSearchParams();
  const order: NameOrder = searchParams.get('sort') === 'desc' ? 'desc' : 'asc';

  const handleToggleOrder = () => setSearchParams(order === 'asc' ? { sort: 'desc' } : {}, { replace: true });

  return (
    <Stack gap="lg">
      {paths.area === 'traditional' && <MaterialsBreadcrumbs trail={[]} />}
      <PageTitle
        subtitle={paths.area === 'admin' ? t('materials.adminSubtitle') : t('materials.facilitatorSubtitle')}
      >
        {t('materials.title')}
      </PageTitle>
      <Group gap="sm">
        <Button
          variant="default"
          onClick={handleToggleOrder}
          leftSection={
            order === 'asc' ? (
              <IconSortAscendingLetters size={18} aria-hidden />
            ) : (
              <IconSortDescendingLetters size={18} aria-hidden />
            )
          }
        >
          {order === 'asc' ? t('materials.sortAsc') : t('materials.sortDesc')}
        </Button>
        {paths.canManage && (
          <Button component={Link} to={paths.uploadHref()} leftSection={<IconUpload size={18} aria-hidden />}>
            {t('materials.upload')}
          </Button>
        )}
      </Group>
      {folders.isPending && <PageLoader label={t('materials.loadingFolders')} />}
      {folders.error && <ErrorAlert message={t('materials.error', { message: folders.error.message })} />}
      {folders.data?.folders.length === 0 && <Text c="dimmed">{t('materials.noFolders')}</Text>}
      {!!folders.data?.folders.length && (
        <FolderGrid
          label={t('materials.folders')}
          folders={sortFolders(folders.data.folders, order)}
          hrefOf={(folder) => paths.folderHref(folder.name)}
        />
      )}
    </Stack>
  );
}
