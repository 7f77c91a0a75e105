import {
  ActionIcon,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { CONTENT_TYPES, type ContentInput, type ContentReply, key, ZContentInput } from '@playshop/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Controller, useController, useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { useT } from '../../i18n/locale-provider';
import { ButtonWithIcon } from '../../ui/button-with-icon';
import { keyText } from '../../ui/key-text';
import { useZodForm } from '../../ui/use-zod-form';
import { useCategoryOptions } from '../categories/categories-api';
import { contentTypeLabel } from './content-type-label';
import { ImageUploadField } from './image-upload-field';

interface ContentFormValues {
  type: string;
  categoryId: string;
  title: string;
  description: string;
  script: string;
  image: string;
  url: string;
  question: string;
  answers: { name: string; url: string; isCorrect: boolean }[];
}

const EMPTY_ANSWER = { name: '', url: '', isCorrect: false };

/** A field's error in the reader's language: the shared schema's texts are keys (`content.<name>`). */
const fieldError = (message: string | undefined): string | undefined => keyText(message);

/** The type must be chosen first; then the shared schema checks what that type needs (SPEC §5). */
const ZContentForm = z
  .object({ type: z.enum(CONTENT_TYPES, { error: key('content.typeRequired') }) })
  .loose()
  // With no type the schema of a type never runs: the category is checked here too, so an empty
  // form names both (SPEC §5 'Please select a category'). With a type, ZContentInput checks it.
  .refine(
    (v) => {
      const { type, categoryId } = v as { type?: unknown; categoryId?: unknown };
      return CONTENT_TYPES.includes(type as never) || (categoryId !== '' && categoryId != null);
    },
    { message: key('content.categoryRequired'), path: ['categoryId'], when: () => true },
  )
  .pipe(ZContentInput);

/** The form's text fields in, the shared ContentInput out. */
const ZContentFields = z
  .custom<ContentFormValues>()
  .transform((values): unknown => values)
  .pipe(ZContentForm);

export const emptyContentForm: ContentFormValues = {
  type: '',
  categoryId: '',
  title: '',
  description: '',
  script: '',
  image: '',
  url: '',
  question: '',
  answers: [{ ...EMPTY_ANSWER, isCorrect: true }, { ...EMPTY_ANSWER }],
};

/** A saved item as form values (Edit Content). */
export function contentToForm(item: ContentReply): ContentFormValues {
  return {
    type: item.type,
    categoryId: String(item.categoryId),
    title: item.title,
    description: item.description,
    script: item.script ?? '',
    image: item.image?.url ?? '',
    url: item.video?.url ?? '',
    question: item.question?.question ?? '',
    answers: item.question?.answers.map((a) => ({
      name: a.name,
      url: a.url ?? '',
      isCorrect: a.isCorrect,
    })) ?? [...emptyContentForm.answers],
  };
}

interface ContentFormProps {
  initialValues: ContentFormValues;
  submitLabel: string;
  onSubmit: (input: ContentInput) => Promise<unknown>;
  /** Extra buttons beside the submit button (Edit Content's Back). */
  actions?: ReactNode;
}

const useContentForm = (initialValues: ContentFormValues) =>
  useZodForm(ZContentFields, { defaultValues: initialValues });

/** The form as its sections use it. */
type ContentFormState = ReturnType<typeof useContentForm>;

/**
 * Add and Edit Content: the type and category selects, then the form of the chosen type. Validates
 * each field on blur with the spec's texts, like the other forms (SPEC §5).
 */
export function ContentForm({ initialValues, submitLabel, onSubmit, actions }: ContentFormProps) {
  const t = useT();
  const form = useContentForm(initialValues);
  const { register, control, handleSubmit, watch, formState } = form;
  const type = watch('type');
  const errors = formState.errors;

  return (
    <form onSubmit={handleSubmit(async (input) => onSubmit(input))} noValidate>
      <Stack gap="md">
        <TypeAndCategoryFields form={form} />
        {type && <CommonFields form={form} />}

        {type === 'IMAGE' && (
          <Controller
            control={control}
            name="image"
            render={({ field, fieldState }) => (
              <ImageUploadField
                label={t('content.image')}
                folder="content-images"
                value={field.value}
                onChange={field.onChange}
                error={fieldError(fieldState.error?.message)}
              />
            )}
          />
        )}

        {type === 'VIDEO' && (
          <TextInput
            label={t('content.videoUrl')}
            placeholder="https://www.youtube.com/watch?v=…"
            {...register('url')}
            error={fieldError(errors.url?.message)}
          />
        )}

        {type === 'QUESTION' && <QuestionFields form={form} />}

        <Group gap="sm">
          {/* No blur on press: a blur-time validation that removes an error above would move the
              button away between mousedown and mouseup, and the click would be lost. */}
          <Button
            type="submit"
            loading={formState.isSubmitting}
            onMouseDown={(event) => event.preventDefault()}
          >
            {submitLabel}
          </Button>
          {actions}
        </Group>
      </Stack>
    </form>
  );
}

function TypeAndCategoryFields({ form }: { form: ContentFormState }) {
  const t = useT();
  const categories = useCategoryOptions();
  const category = useController({ control: form.control, name: 'categoryId' }).field;
  const errors = form.formState.errors;
  return (
    <Group grow align="flex-start" wrap="wrap">
      <NativeSelect
        label={t('content.type')}
        {...form.register('type')}
        error={fieldError(errors.type?.message)}
        data={[
          { value: '', label: t('content.select') },
          ...CONTENT_TYPES.map((option) => ({ value: option, label: contentTypeLabel(option) })),
        ]}
        miw={200}
      />
      {/* Controlled: the item's category shows once the options arrive (an uncontrolled select
          took '' while its options were loading, and Edit Content showed 'Select...'). */}
      <NativeSelect
        label={t('content.category')}
        {...category}
        error={fieldError(errors.categoryId?.message)}
        data={[{ value: '', label: t('content.select') }, ...(categories.data ?? [])]}
        miw={200}
      />
    </Group>
  );
}

/** Every type's title, description and facilitator's script. */
function CommonFields({ form }: { form: ContentFormState }) {
  const t = useT();
  const errors = form.formState.errors;
  return (
    <>
      <TextInput
        label={t('content.titleLabel')}
        {...form.register('title')}
        error={fieldError(errors.title?.message)}
        maxLength={200}
      />
      <Textarea
        label={t('content.description')}
        autosize
        minRows={2}
        {...form.register('description')}
        error={fieldError(errors.description?.message)}
      />
      <Textarea
        label={t('content.script')}
        description={t('content.scriptDescription')}
        autosize
        minRows={2}
        {...form.register('script')}
      />
    </>
  );
}

/** A question's text and its answers (SPEC §4: one to twelve, exactly one correct). */
function QuestionFields({ form }: { form: ContentFormState }) {
  const t = useT();
  const answers = useFieldArray({ control: form.control, name: 'answers' });
  const errors = form.formState.errors;
  // The refine on the whole answer list reports at `answers` (root).
  const answersError =
    (errors.answers as { root?: { message?: string }; message?: string } | undefined)?.root?.message ??
    (errors.answers as { message?: string } | undefined)?.message;

  /** SPEC §4: ticking one answer makes it the only correct one. */
  const markCorrect = (index: number, checked: boolean) => {
    form.getValues('answers').forEach((_, i) => {
      form.setValue(`answers.${i}.isCorrect`, checked ? i === index : false, { shouldDirty: true });
    });
  };

  return (
    <>
      <TextInput
        label={t('content.question')}
        {...form.register('question')}
        error={fieldError(errors.question?.message)}
      />
      <Fieldset legend={t('content.answers')} radius="md">
        <Stack gap="sm">
          {answers.fields.map((field, index) => (
            <AnswerFields
              key={field.id}
              form={form}
              index={index}
              canRemove={answers.fields.length > 1}
              onRemove={() => answers.remove(index)}
              onMarkCorrect={(checked) => markCorrect(index, checked)}
            />
          ))}
          {answersError && (
            <Text c="red.8" size="sm" role="alert">
              {fieldError(answersError)}
            </Text>
          )}
          <ButtonWithIcon
            icon={IconPlus}
            variant="default"
            onClick={() => answers.append({ ...EMPTY_ANSWER })}
            disabled={answers.fields.length >= 12}
            w="fit-content"
          >
            {t('content.addAnswer')}
          </ButtonWithIcon>
        </Stack>
      </Fieldset>
    </>
  );
}

interface AnswerFieldsProps {
  form: ContentFormState;
  index: number;
  canRemove: boolean;
  onRemove: () => void;
  onMarkCorrect: (checked: boolean) => void;
}

/** One answer: its text, whether it is the correct one, and an optional image. */
function AnswerFields({ form, index, canRemove, onRemove, onMarkCorrect }: AnswerFieldsProps) {
  const t = useT();
  const n = index + 1;
  const isCorrect = useController({ control: form.control, name: `answers.${index}.isCorrect` }).field;
  const image = useController({ control: form.control, name: `answers.${index}.url` }).field;
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Group align="flex-end" wrap="nowrap" gap="xs">
          <TextInput
            label={t('content.answerN', { n })}
            style={{ flex: 1 }}
            {...form.register(`answers.${index}.name`)}
            error={fieldError(form.formState.errors.answers?.[index]?.name?.message)}
          />
          <ActionIcon
            variant="light"
            color="red"
            size="lg"
            mb={2}
            aria-label={t('content.removeAnswerN', { n })}
            disabled={!canRemove}
            onClick={onRemove}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
        <Checkbox
          label={t('content.answerNCorrect', { n })}
          checked={isCorrect.value}
          onChange={(e) => onMarkCorrect(e.currentTarget.checked)}
        />
        <ImageUploadField
          label={t('content.answerNImage', { n })}
          folder="answer-images"
          value={image.value}
          onChange={image.onChange}
        />
      </Stack>
    </Paper>
  );
}
