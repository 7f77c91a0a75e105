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
import { MATERIAL_TEXTS, UPLOAD_LIMIT_BYTES, ZMaterialUploadForm } from '@playshop/shared';
import { IconFileUpload, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../ui/page-title';
import { toastSuccess } from '../../ui/toast';
import { formatBytes } from './file-format';
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
      toastSuccess(MATERIAL_TEXTS.uploaded);
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
      file: picked && picked.size > UPLOAD_LIMIT_BYTES ? MATERIAL_TEXTS.fileTooLarge : undefined,
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
        found[field] ??= issue.message;
      }
    }
    if (file && file.size > UPLOAD_LIMIT_BYTES) found.file = MATERIAL_TEXTS.fileTooLarge;
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
      <MaterialsBreadcrumbs trail={[{ label: 'Upload' }]} />
      <PageTitle
        subtitle={`Documents up to ${formatBytes(UPLOAD_LIMIT_BYTES)}. Uploads can be paused and resumed.`}
      >
        Upload material
      </PageTitle>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <form noValidate onSubmit={handleSubmit}>
          <Stack gap="lg">
            <FileInput
              label="File"
              placeholder="Choose a file"
              withAsterisk
              value={file}
              onChange={handleFile}
              error={errors.file}
              disabled={isBusy}
              leftSection={<IconFileUpload size={16} aria-hidden />}
              description={file ? `Size: ${formatBytes(file.size)}` : undefined}
              clearable
              clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
              styles={placeholderStyles}
            />

            <Fieldset legend="Folder" variant="unstyled" disabled={isBusy}>
              <Stack gap="xs">
                <Text size="sm" c="dimmed">
                  Choose an existing folder or name a new one. Folders named after a workshop are shown to the
                  organizations linked to that workshop.
                </Text>
                <Select
                  label="Existing folder"
                  placeholder={folderOptions.length ? 'Choose a folder' : 'No folders yet'}
                  data={folderOptions}
                  value={existingFolder}
                  onChange={handleExistingFolder}
                  searchable
                  clearable
                  nothingFoundMessage="No such folder"
                />
                <Divider label="or" labelPosition="center" />
                <TextInput
                  label="New folder"
                  placeholder="e.g. Demo Workshop"
                  value={newFolder}
                  onChange={(e) => setNewFolder(e.currentTarget.value)}
                  error={errors.newFolder}
                  maxLength={200}
                />
              </Stack>
            </Fieldset>

            <Fieldset legend="Subfolder (optional)" variant="unstyled" disabled={isBusy}>
              <Stack gap="xs">
                <Select
                  label="Existing subfolder"
                  placeholder={
                    !existingFolder
                      ? 'Choose an existing folder first'
                      : subfolderOptions.length
                        ? 'Choose a subfolder'
                        : 'No subfolders yet'
                  }
                  data={subfolderOptions}
                  value={existingSubfolder}
                  onChange={setExistingSubfolder}
                  disabled={!existingFolder || isBusy}
                  searchable
                  clearable
                  nothingFoundMessage="No such subfolder"
                />
                <Divider label="or" labelPosition="center" />
                <TextInput
                  label="New subfolder"
                  placeholder="e.g. Handouts"
                  value={newSubfolder}
                  onChange={(e) => setNewSubfolder(e.currentTarget.value)}
                  error={errors.newSubfolder}
                  maxLength={200}
                />
              </Stack>
            </Fieldset>

            <Group justify="flex-end">
              <Button type="submit" leftSection={<IconUpload size={18} aria-hidden />} disabled={isBusy}>
                Upload
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
