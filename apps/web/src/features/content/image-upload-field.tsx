import { Button, FileInput, Group, Image, Progress, Stack, Text } from '@mantine/core';
import type { UploadFolder } from '@playshop/shared';
import { IconPhotoUp } from '@tabler/icons-react';
import { toastError, toastSuccess } from '../../ui/toast';
import { useImageUpload } from './content-api';

interface ImageUploadFieldProps {
  label: string;
  folder: UploadFolder;
  /** The saved image's address, '' when none. */
  value: string;
  onChange: (url: string) => void;
  error?: string;
}

/** Picks an image and uploads it (tus, resumable) with progress, pause, resume and cancel. */
export function ImageUploadField({ label, folder, value, onChange, error }: ImageUploadFieldProps) {
  const upload = useImageUpload(folder);
  const { state } = upload;

  const handleFile = async (file: File | null) => {
    if (!file) return;
    try {
      onChange(await upload.start(file));
      toastSuccess('File uploaded successfully');
    } catch (failure) {
      toastError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  return (
    <Stack gap={6}>
      <FileInput
        label={label}
        placeholder={value ? 'Replace image' : 'Choose an image'}
        accept="image/png,image/jpeg,image/gif,image/webp"
        leftSection={<IconPhotoUp size={16} aria-hidden />}
        onChange={handleFile}
        error={state.status === 'error' ? state.message : error}
        clearable={false}
        // Mantine's default placeholder grey is too faint on white (axe color-contrast).
        styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
      />
      {(state.status === 'running' || state.status === 'paused') && (
        <Group gap="xs" wrap="nowrap">
          <Progress value={state.percent} style={{ flex: 1 }} aria-label={`${label} upload`} />
          <Text size="sm" w={44}>{`${state.percent}%`}</Text>
          {state.status === 'running' ? (
            <Button size="compact-sm" variant="default" onClick={upload.pause}>
              Pause
            </Button>
          ) : (
            <Button size="compact-sm" variant="default" onClick={upload.resume}>
              Resume
            </Button>
          )}
          <Button size="compact-sm" variant="subtle" color="red" onClick={upload.cancel}>
            Cancel
          </Button>
        </Group>
      )}
      {value && <Image src={value} alt={`${label} preview`} mah={160} w="auto" fit="contain" radius="sm" />}
    </Stack>
  );
}
