import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { MATERIAL_TEXTS, ZMaterialName } from '@playshop/shared';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { ApiError } from '../../api/client';
import { ErrorAlert } from '../../ui/error-alert';
import { keepFieldFocus } from '../../ui/keep-focus';
import { PageLoader } from '../../ui/page-loader';
import { PageTitle } from '../../ui/page-title';
import { useZodForm } from '../../ui/use-zod-form';
import { useMaterialFolder, useRenameFolder } from './materials-api';
import { useMaterialsPaths } from './materials-area';
import { folderTrail, MaterialsBreadcrumbs } from './materials-breadcrumbs';

const ZRenameForm = z.object({ name: ZMaterialName });

/**
 * `…/materials/{folderName}/edit` and `…/{folderName}/{subFolderName}/edit`: renames the last part of
 * the path only (a subfolder stays in its folder). The same name just goes back (SPEC §5).
 */
export function RenameFolderPage() {
  const { folderName = '', subFolderName } = useParams();
  const paths = useMaterialsPaths();
  const navigate = useNavigate();
  const location = useLocation();
  const folder = useMaterialFolder(folderName, subFolderName);
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
      form.setError('name', { message: `Error: ${message}` });
      return;
    }
    // The old address no longer exists: replace it, so Back does not lead to 'Folder not found'.
    navigate(subFolderName ? paths.folderHref(folderName, name) : paths.folderHref(name), { replace: true });
  });

  const trail = (
    <MaterialsBreadcrumbs
      trail={[...folderTrail(paths.folderHref, folderName, subFolderName, 'below'), { label: 'Rename' }]}
    />
  );

  if (folder.error) {
    const isNotFound = folder.error instanceof ApiError && folder.error.status === 404;
    return (
      <Stack gap="lg">
        {trail}
        <PageTitle>Rename folder</PageTitle>
        <ErrorAlert message={isNotFound ? MATERIAL_TEXTS.folderNotFound : `Error: ${folder.error.message}`} />
      </Stack>
    );
  }
  if (!folder.data) return <PageLoader label="Loading folder" showLabel />;

  return (
    <Stack gap="lg" maw={640}>
      {trail}
      <PageTitle
        subtitle={
          subFolderName
            ? `A subfolder of ${folderName}.`
            : 'Admins and facilitators see a folder when its name matches a workshop of their organization.'
        }
      >
        Rename folder
      </PageTitle>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <form noValidate onSubmit={handleSave}>
          <Stack gap="md">
            <TextInput
              label="Folder name"
              {...form.register('name')}
              error={form.formState.errors.name?.message}
              maxLength={200}
              data-autofocus
            />
            <Group justify="flex-end" gap="sm">
              <Button component={Link} to={folderHref} variant="default">
                Cancel
              </Button>
              <Button type="submit" onMouseDown={keepFieldFocus} loading={rename.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
