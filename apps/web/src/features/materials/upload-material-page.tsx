import { Button, Divider, Fieldset, FileInput, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { UPLOAD_LIMIT_BYTES, ZMaterialUploadForm } from '@playshop/shared';
import { IconFileUpload, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useT } from '../../i18n/locale-provider';
import { FormPanel } from '../../ui/form-panel';
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

/** An existing folder from a list, or (not both) a new one by name. */
function FolderChoice({
  legend,
  help,
  disabled,
  existing,
  fresh,
}: {
  legend: string;
  help?: string;
  disabled: boolean;
  existing: {
    label: string;
    placeholder: string;
    data: string[];
    value: string | null;
    onChange: (value: string | null) => void;
    disabled?: boolean;
    nothingFoundMessage: string;
  };
  fresh: {
    label: string;
    placeholder: string;
    value: string;
    onChange: (value: string) => void;
    error: string | undefined;
  };
}) {
  const t = useT();
  return (
    <Fieldset legend={legend} variant="unstyled" disabled={disabled}>
      <Stack gap="xs">
        {help && (
          <Text size="sm" c="dimmed">
            {help}
          </Text>
        )}
        <Select {...existing} searchable clearable />
        <Divider label={t('materials.or')} labelPosition="center" />
        <TextInput
          label={fresh.label}
          placeholder={fresh.placeholder}
          value={fresh.value}
          onChange={(e) => fresh.onChange(e.currentTarget.value)}
          error={fresh.error}
          maxLength={200}
        />
      </Stack>
    </Fieldset>
  );
}

/**
 * The form's errors by field, and where the file goes when there are none: an existing folder or a
 * new one, and optionally a subfolder likewise (ZMaterialUploadForm's rules, and the size limit).
 */
function checkUploadForm(
  file: File | null,
  fields: {
    existingFolder: string | null;
    newFolder: string;
    existingSubfolder: string | null;
    newSubfolder: string;
  },
  tooLarge: string,
): { errors: FieldErrors; target: { folder: string; subfolder?: string } | null } {
  const parsed = ZMaterialUploadForm.safeParse({ hasFile: file !== null, ...fields });
  const errors: FieldErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'hasFile' ? 'file' : (issue.path[0] as 'newFolder' | 'newSubfolder');
      errors[field] ??= materialText(issue.message);
    }
  }
  if (file && file.size > UPLOAD_LIMIT_BYTES) errors.file = tooLarge;
  if (!parsed.success || errors.file) return { errors, target: null };
  const values = parsed.data;
  return {
    errors,
    target: {
      folder: values.existingFolder ?? values.newFolder,
      subfolder: values.existingSubfolder ?? (values.newSubfolder || undefined),
    },
  };
}

/** The upload form's fields, their errors, the folder lists and the upload it starts. */
function useUploadForm() {
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
    const checked = checkUploadForm(
      file,
      { existingFolder, newFolder, existingSubfolder, newSubfolder },
      t('materials.fileTooLarge'),
    );
    setErrors(checked.errors);
    if (!checked.target || !file) return;
    target.current = checked.target;
    upload.start({ file, ...target.current });
  };
  return {
    file,
    existingFolder,
    newFolder,
    setNewFolder,
    existingSubfolder,
    setExistingSubfolder,
    newSubfolder,
    setNewSubfolder,
    errors,
    upload,
    isBusy,
    folderOptions,
    subfolderOptions,
    handleFile,
    handleExistingFolder,
    handleSubmit,
  };
}

/** Where the file goes: a folder, and optionally a subfolder, each existing or new. */
function FolderFields({ form }: { form: ReturnType<typeof useUploadForm> }) {
  const t = useT();
  return (
    <>
      <FolderChoice
        legend={t('materials.folder')}
        help={t('materials.folderHelp')}
        disabled={form.isBusy}
        existing={{
          label: t('materials.existingFolder'),
          placeholder: form.folderOptions.length ? t('materials.chooseFolder') : t('materials.noFoldersYet'),
          data: form.folderOptions,
          value: form.existingFolder,
          onChange: form.handleExistingFolder,
          nothingFoundMessage: t('materials.noSuchFolder'),
        }}
        fresh={{
          label: t('materials.newFolder'),
          placeholder: t('materials.newFolderExample'),
          value: form.newFolder,
          onChange: form.setNewFolder,
          error: form.errors.newFolder,
        }}
      />

      <FolderChoice
        legend={t('materials.subfolderOptional')}
        disabled={form.isBusy}
        existing={{
          label: t('materials.existingSubfolder'),
          placeholder: !form.existingFolder
            ? t('materials.chooseFolderFirst')
            : form.subfolderOptions.length
              ? t('materials.chooseSubfolder')
              : t('materials.noSubfoldersYet'),
          data: form.subfolderOptions,
          value: form.existingSubfolder,
          onChange: form.setExistingSubfolder,
          disabled: !form.existingFolder || form.isBusy,
          nothingFoundMessage: t('materials.noSuchSubfolder'),
        }}
        fresh={{
          label: t('materials.newSubfolder'),
          placeholder: t('materials.newSubfolderExample'),
          value: form.newSubfolder,
          onChange: form.setNewSubfolder,
          error: form.errors.newSubfolder,
        }}
      />
    </>
  );
}

/**
 * `{org}/admin/materials/upload` (SPEC §5 Material upload): a file, an existing folder or a new one
 * (not both), optionally an existing subfolder or a new one (not both); then a resumable upload with
 * progress, Pause, Resume and Cancel. `?folder=…&subfolder=…` preselects the folder to upload into.
 */
export function UploadMaterialPage() {
  const t = useT();
  const form = useUploadForm();
  const { file, errors, upload, isBusy, handleFile, handleSubmit } = form;

  return (
    <Stack gap="lg" maw={720}>
      <MaterialsBreadcrumbs trail={[{ label: t('materials.upload') }]} />
      <PageTitle subtitle={t('materials.uploadSubtitle', { limit: formatBytes(UPLOAD_LIMIT_BYTES) })}>
        {t('materials.uploadMaterial')}
      </PageTitle>
      <FormPanel onSubmit={handleSubmit} gap="lg">
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

        <FolderFields form={form} />

        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconUpload size={18} aria-hidden />} disabled={isBusy}>
            {t('materials.upload')}
          </Button>
        </Group>
      </FormPanel>
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
