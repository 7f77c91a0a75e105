import { Button, FileInput, Group, Image, Progress, Stack, Text } from '@mantine/core';
import type { UploadFolder } from '@playshop/shared';
import { IconPhotoUp } from '@tabler/icons-react';
import { useT } from '../../i18n/locale-provider';
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
  const t = useT();
  const upload = useImageUpload(folder);
  const { state } = upload;

  const handleFile = async (file: File | null) => {
    if (!file) return;
    try {
      onChange(await upload.start(file));
      toastSuccess(t('content.fileUploaded'));
    } catch (failure) {
      toastError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  return (
    <Stack gap={6}>
      <FileInput
        label={label}
        placeholder={value ? t('content.replaceImage') : t('content.chooseImage')}
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
          <Progress value={state.percent} style={{ flex: 1 }} aria-label={t('content.uploadOf', { label })} />
          <Text size="sm" w={44}>{`${state.percent}%`}</Text>
          {state.status === 'running' ? (
            <Button size="compact-sm" variant="default" onClick={upload.pause}>
              {t('content.pause')}
            </Button>
          ) : (
            <Button size="compact-sm" variant="default" onClick={upload.resume}>
              {t('content.resume')}
            </Button>
          )}
          <Button size="compact-sm" variant="subtle" color="red" onClick={upload.cancel}>
            {t('content.cancel')}
          </Button>
        </Group>
      )}
      {value && (
        <Image
          src={value}
          alt={t('content.previewAlt', { label })}
          mah={160}
          w="auto"
          fit="contain"
          radius="sm"
        />
      )}
    </Stack>
  );
}
