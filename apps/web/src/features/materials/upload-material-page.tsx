import {
  Button,
  Divider,
  Fieldset,
  FileInput,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { UPLOAD_LIMIT_BYTES, ZMaterialUploadForm } from '@playshop/shared';
import { IconFileUpload, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useT } from '../../i18n/locale-provider';
import { PageTitle } from '../../ui/page-title';
import { toastSuccess } from '../../ui/toast';
import { formatBytes } from './file-format';
import { materialText } from './material-text';
import { useMaterialFolder, useMaterialFolders, useMaterialUpload } from './materials-api';
import { useMaterialsPaths } from './materials-area';
import { MaterialsBreadcrumbs } from './materials-breadcrumbs';
import { UploadProgress } from './upload-progress';

type FieldErrors = Partial<Record<'file' | 'newFolder' | 'newSubfolder', string>>;

// FileInput's placeholder is a span in Mantine's faint grey, too faint on white (axe color-contrast).
const placeholderStyles = { placeholder: { color: 'var(--mantine-color-gray-7)' } };

/**
 * `{org}/admin/materials/upload` (SPEC §5 Material upload): a file, an existing folder or a new one
 * (not both), optionally an existing subfolder or a new one (not both); then a resumable upload with
 * progress, Pause, Resume and Cancel. `?folder=…&subfolder=…` preselects the folder to upload into.
 */
export function UploadMaterialPage() {
  const t = useT();
  const paths = useMaterialsPaths();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [file, setFile] = useState<File | null>(null);
  const [existingFolder, setExistingFolder] = useState<string | null>(searchParams.get('folder'));
  const [newFolder, setNewFolder] = useState('');
  const [existingSubfolder, setExistingSubfolder] = useState<string | null>(searchParams.get('subfolder'));
  const [newSubfolder, setNewSubfolder] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const target = useRef<{ folder: string; subfolder?: string }>({ folder: '' });

  const folders = useMaterialFolders();
  const chosenFolder = useMaterialFolder(existingFolder);
  const upload = useMaterialUpload({
    onSuccess: () => {
      toastSuccess(t('materials.uploaded'));
      const { folder, subfolder } = target.current;
      navigate(paths.folderHref(folder, subfolder));
    },
  });
  const isBusy = upload.state.status === 'running' || upload.state.status === 'paused';

  const folderOptions = folders.data?.folders.map((f) => f.name) ?? [];
  // A preselected folder may not be listed yet (or at all): keep it choosable so the Select shows it.
  if (existingFolder && folders.data && !folderOptions.includes(existingFolder))
    folderOptions.push(existingFolder);
  const subfolderOptions = chosenFolder.data?.subfolders.map((f) => f.name) ?? [];
  if (existingSubfolder && chosenFolder.data && !subfolderOptions.includes(existingSubfolder))
    subfolderOptions.push(existingSubfolder);

  const handleFile = (picked: File | null) => {
    setFile(picked);
    setErrors((e) => ({
      ...e,
      file: picked && picked.size > UPLOAD_LIMIT_BYTES ? t('materials.fileTooLarge') : undefined,
    }));
    if (upload.state.status !== 'idle' && !isBusy) upload.reset();
  };

  const handleExistingFolder = (value: string | null) => {
    setExistingFolder(value);
    setExistingSubfolder(null);
  };

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ZMaterialUploadForm.safeParse({
      hasFile: file !== null,
      existingFolder,
      newFolder,
      existingSubfolder,
      newSubfolder,
    });
    const found: FieldErrors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'hasFile' ? 'file' : (issue.path[0] as 'newFolder' | 'newSubfolder');
        found[field] ??= materialText(issue.message);
      }
    }
    if (file && file.size > UPLOAD_LIMIT_BYTES) found.file = t('materials.fileTooLarge');
    setErrors(found);
    if (!parsed.success || found.file || !file) return;
    const values = parsed.data;
    target.current = {
      folder: values.existingFolder ?? values.newFolder,
      subfolder: values.existingSubfolder ?? (values.newSubfolder || undefined),
    };
    upload.start({ file, ...target.current });
  };

  return (
    <Stack gap="lg" maw={720}>
      <MaterialsBreadcrumbs trail={[{ label: t('materials.upload') }]} />
      <PageTitle subtitle={t('materials.uploadSubtitle', { limit: formatBytes(UPLOAD_LIMIT_BYTES) })}>
        {t('materials.uploadMaterial')}
      </PageTitle>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <form noValidate onSubmit={handleSubmit}>
          <Stack gap="lg">
            <FileInput
              label={t('materials.file')}
              placeholder={t('materials.chooseFile')}
              withAsterisk
              value={file}
              onChange={handleFile}
              error={errors.file}
              disabled={isBusy}
              leftSection={<IconFileUpload size={16} aria-hidden />}
              description={file ? t('materials.fileSize', { size: formatBytes(file.size) }) : undefined}
              clearable
              clearButtonProps={{ 'aria-label': t('materials.removeChosenFile') }}
              styles={placeholderStyles}
            />

            <Fieldset legend={t('materials.folder')} variant="unstyled" disabled={isBusy}>
              <Stack gap="xs">
                <Text size="sm" c="dimmed">
                  {t('materials.folderHelp')}
                </Text>
                <Select
                  label={t('materials.existingFolder')}
                  placeholder={
                    folderOptions.length ? t('materials.chooseFolder') : t('materials.noFoldersYet')
                  }
                  data={folderOptions}
                  value={existingFolder}
                  onChange={handleExistingFolder}
                  searchable
                  clearable
                  nothingFoundMessage={t('materials.noSuchFolder')}
                />
                <Divider label={t('materials.or')} labelPosition="center" />
                <TextInput
                  label={t('materials.newFolder')}
                  placeholder={t('materials.newFolderExample')}
                  value={newFolder}
                  onChange={(e) => setNewFolder(e.currentTarget.value)}
                  error={errors.newFolder}
                  maxLength={200}
                />
              </Stack>
            </Fieldset>

            <Fieldset legend={t('materials.subfolderOptional')} variant="unstyled" disabled={isBusy}>
              <Stack gap="xs">
                <Select
                  label={t('materials.existingSubfolder')}
                  placeholder={
                    !existingFolder
                      ? t('materials.chooseFolderFirst')
                      : subfolderOptions.length
                        ? t('materials.chooseSubfolder')
                        : t('materials.noSubfoldersYet')
                  }
                  data={subfolderOptions}
                  value={existingSubfolder}
                  onChange={setExistingSubfolder}
                  disabled={!existingFolder || isBusy}
                  searchable
                  clearable
                  nothingFoundMessage={t('materials.noSuchSubfolder')}
                />
                <Divider label={t('materials.or')} labelPosition="center" />
                <TextInput
                  label={t('materials.newSubfolder')}
                  placeholder={t('materials.newSubfolderExample')}
                  value={newSubfolder}
                  onChange={(e) => setNewSubfolder(e.currentTarget.value)}
                  error={errors.newSubfolder}
                  maxLength={200}
                />
              </Stack>
            </Fieldset>

            <Group justify="flex-end">
              <Button type="submit" leftSection={<IconUpload size={18} aria-hidden />} disabled={isBusy}>
                {t('materials.upload')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {file && upload.state.status !== 'idle' && (
        <UploadProgress
          fileName={file.name}
          state={upload.state}
          onPause={upload.pause}
          onResume={upload.resume}
          onCancel={upload.cancel}
        />
      )}
    </Stack>
  );
}
