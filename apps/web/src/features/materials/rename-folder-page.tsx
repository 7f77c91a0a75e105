import { Button, Group, Stack, TextInput } from '@mantine/core';
import { ZMaterialName } from '@playshop/shared';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { useT } from '../../i18n/locale-provider';
import { FormPanel } from '../../ui/form-panel';
import { keepFieldFocus } from '../../ui/keep-focus';
import { LoadFailed } from '../../ui/load-failed';
import { PageLoader } from '../../ui/page-loader';
import { PageTitle } from '../../ui/page-title';
import { useZodForm } from '../../ui/use-zod-form';
import { folderErrorText } from './folder-page';
import { materialText } from './material-text';
import { useMaterialFolder, useRenameFolder } from './materials-api';
import { useMaterialsPaths } from './materials-area';
import { folderTrail, MaterialsBreadcrumbs } from './materials-breadcrumbs';

const ZRenameForm = z.object({ name: ZMaterialName });

/**
 * The rename form of a folder (or subfolder): the same name just goes back (SPEC §5); a new one is
 * saved and the page moves to the folder's new address.
 */
function useRenameFolderForm(folderName: string, subFolderName: string | undefined) {
  const t = useT();
  const paths = useMaterialsPaths();
  const navigate = useNavigate();
  const location = useLocation();
  const rename = useRenameFolder();
  const currentName = subFolderName ?? folderName;
  const folderHref = paths.folderHref(folderName, subFolderName);
  const form = useZodForm(ZRenameForm, {
    defaultValues: { name: currentName },
  });

  // Back where the user came from; opened directly (no history in this app), the folder itself.
  const goBack = () => (location.key === 'default' ? navigate(folderHref) : navigate(-1));

  const handleSave = form.handleSubmit(async ({ name }) => {
    if (name === currentName) return goBack();
    const oldFolderPath = subFolderName ? `${folderName}/${subFolderName}` : folderName;
    const newFolderPath = subFolderName ? `${folderName}/${name}` : name;
    try {
      await rename.mutateAsync({ oldFolderPath, newFolderPath });
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : String(failure);
      form.setError('name', { message: t('materials.error', { message }) });
      return;
    }
    // The old address no longer exists: replace it, so Back does not lead to 'Folder not found'.
    navigate(subFolderName ? paths.folderHref(folderName, name) : paths.folderHref(name), { replace: true });
  });

  return { form, handleSave, isSaving: rename.isPending, folderHref };
}

/**
 * `…/materials/{folderName}/edit` and `…/{folderName}/{subFolderName}/edit`: renames the last part of
 * the path only (a subfolder stays in its folder).
 */
export function RenameFolderPage() {
  const t = useT();
  const { folderName = '', subFolderName } = useParams();
  const paths = useMaterialsPaths();
  const folder = useMaterialFolder(folderName, subFolderName);
  const { form, handleSave, isSaving, folderHref } = useRenameFolderForm(folderName, subFolderName);

  const trail = (
    <MaterialsBreadcrumbs
      trail={[
        ...folderTrail(paths.folderHref, folderName, subFolderName, 'below'),
        { label: t('materials.rename') },
      ]}
    />
  );

  if (folder.error) {
    return (
      <LoadFailed trail={trail} title={t('materials.renameFolder')} message={folderErrorText(folder.error)} />
    );
  }
  if (!folder.data) return <PageLoader label={t('materials.loadingFolder')} showLabel />;

  return (
    <Stack gap="lg" maw={640}>
      {trail}
      <PageTitle
        subtitle={
          subFolderName ? t('materials.subfolderOf', { name: folderName }) : t('materials.renameSubtitle')
        }
      >
        {t('materials.renameFolder')}
      </PageTitle>
      <FormPanel onSubmit={handleSave} gap="md">
        <TextInput
          label={t('materials.folderName')}
          {...form.register('name')}
          error={form.formState.errors.name?.message && materialText(form.formState.errors.name.message)}
          maxLength={200}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={folderHref} variant="default">
            {t('materials.cancel')}
          </Button>
          <Button type="submit" onMouseDown={keepFieldFocus} loading={isSaving}>
            {t('materials.save')}
          </Button>
        </Group>
      </FormPanel>
    </Stack>
  );
}
