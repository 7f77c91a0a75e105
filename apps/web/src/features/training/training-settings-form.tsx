import { ActionIcon, Card, Group, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  ROLES,
  type Role,
  type TrainingSettings,
  type TrainingSource,
  ZTrainingSettings,
} from '@playshop/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  type Control,
  Controller,
  type FieldErrors,
  type UseFormRegister,
  useFieldArray,
} from 'react-hook-form';
import { z } from 'zod';
import { useT } from '../../i18n/locale-provider';
import { ButtonWithIcon } from '../../ui/button-with-icon';
import { keyText } from '../../ui/key-text';
import { QueryBoundary } from '../../ui/query-boundary';
import { SaveForm } from '../../ui/save-form';
import { useZodForm } from '../../ui/use-zod-form';
import { ROLE_KEYS } from '../users/users-api';
import { useSaveTrainingSettings, useTrainingSettings } from './training-api';

/**
 * One role's fields, all kept while the super admin switches the kind: the shared schema reads only
 * the fields of the chosen kind and drops the rest, so switching back and forth loses nothing typed.
 */
interface RoleFields {
  kind: TrainingSource['kind'];
  playlistId: string;
  videos: { title: string; url: string }[];
}
type FormValues = Record<Role, RoleFields>;

/** The fields keep every kind's values; the shared schema reads the chosen kind's and drops the rest. */
const ZTrainingForm = z
  .custom<FormValues>()
  .transform((values): unknown => values)
  .pipe(ZTrainingSettings);

/** Roles in the order of SPEC §1 (player, facilitator, admin, super admin). */
const ROLE_ORDER: readonly Role[] = [...ROLES].reverse();

function toFields(source: TrainingSource): RoleFields {
  return {
    kind: source.kind,
    playlistId: source.kind === 'youtube' ? source.playlistId : '',
    videos: source.kind === 'videos' ? source.videos : [],
  };
}

/** Settings → Training (super admin): each role's playlist, a YouTube playlist id or a list of videos. */
export function TrainingSettingsPanel() {
  const t = useT();
  return (
    <QueryBoundary query={useTrainingSettings()} loading={t('training.settingsLoading')}>
      {(settings) => <TrainingSettingsForm key={JSON.stringify(settings)} settings={settings} />}
    </QueryBoundary>
  );
}

function TrainingSettingsForm({ settings }: { settings: TrainingSettings }) {
  const t = useT();
  const save = useSaveTrainingSettings();
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(ZTrainingForm, {
    defaultValues: Object.fromEntries(ROLES.map((role) => [role, toFields(settings[role])])) as FormValues,
  });

  // The resolver hands over the parsed value: exactly ZTrainingSettings, trimmed, unused fields dropped.
  const handleSave = handleSubmit((values) => save.mutate(values));

  return (
    <SaveForm onSubmit={handleSave} save={save}>
      <Text c="dimmed">{t('training.settingsIntro')}</Text>
      {ROLE_ORDER.map((role) => (
        <RolePlaylistFields key={role} role={role} control={control} register={register} errors={errors} />
      ))}
    </SaveForm>
  );
}

interface RolePlaylistFieldsProps {
  role: Role;
  control: Control<FormValues, unknown, TrainingSettings>;
  register: UseFormRegister<FormValues>;
  errors: FieldErrors<FormValues>;
}

function RolePlaylistFields({ role, control, register, errors }: RolePlaylistFieldsProps) {
  const t = useT();
  const label = t(ROLE_KEYS[role]);
  const roleErrors = errors[role];

  return (
    <Card withBorder radius="lg" padding="lg" component="fieldset" m={0}>
      <Title order={2} fz="lg" component="legend" px={4}>
        {label}
      </Title>
      <Controller
        control={control}
        name={`${role}.kind`}
        render={({ field }) => (
          <Stack gap="md">
            <Radio.Group
              value={field.value}
              onChange={(value) => field.onChange(value)}
              label={t('training.playlistSource')}
              name={`${role}-kind`}
            >
              <Group gap="lg" mt={6}>
                <Radio value="none" label={t('training.sourceNone')} />
                <Radio value="youtube" label={t('training.sourceYoutube')} />
                <Radio value="videos" label={t('training.sourceVideos')} />
              </Group>
            </Radio.Group>

            {field.value === 'youtube' && (
              <TextInput
                label={t('training.playlistId')}
                description={t('training.playlistIdHelp')}
                autoComplete="off"
                error={keyText(roleErrors?.playlistId?.message)}
                {...register(`${role}.playlistId`)}
              />
            )}

            {field.value === 'videos' && (
              <VideoListFields role={role} control={control} register={register} errors={errors} />
            )}
          </Stack>
        )}
      />
    </Card>
  );
}

/** A role's own list of videos: a title and an address each, added and removed one by one. */
function VideoListFields({ role, control, register, errors }: RolePlaylistFieldsProps) {
  const t = useT();
  const videos = useFieldArray({ control, name: `${role}.videos` });
  const roleErrors = errors[role];
  return (
    <Stack gap="sm">
      {videos.fields.length === 0 && <Text c="dimmed">{t('training.noVideosYet')}</Text>}
      {videos.fields.map((video, index) => (
        <Group key={video.id} align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            style={{ flex: '1 1 180px' }}
            label={t('training.videoTitle', { n: index + 1 })}
            autoComplete="off"
            error={keyText(roleErrors?.videos?.[index]?.title?.message)}
            {...register(`${role}.videos.${index}.title`)}
          />
          <TextInput
            style={{ flex: '2 1 260px' }}
            label={t('training.videoAddress', { n: index + 1 })}
            placeholder="https://www.youtube.com/watch?v=…"
            autoComplete="off"
            type="url"
            error={keyText(roleErrors?.videos?.[index]?.url?.message)}
            {...register(`${role}.videos.${index}.url`)}
          />
          <ActionIcon
            mt={28}
            size="lg"
            variant="subtle"
            color="red"
            aria-label={t('training.removeVideo', { n: index + 1 })}
            onClick={() => videos.remove(index)}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      {roleErrors?.videos?.message && (
        <Text c="red.9" size="sm" role="alert">
          {keyText(roleErrors.videos.message)}
        </Text>
      )}
      <Group>
        <ButtonWithIcon
          icon={IconPlus}
          variant="default"
          onClick={() => videos.append({ title: '', url: '' })}
        >
          {t('training.addVideo')}
        </ButtonWithIcon>
      </Group>
    </Stack>
  );
}
