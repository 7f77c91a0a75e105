import { Card, CloseButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { ZCreateCategory } from '@playshop/shared';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../i18n/locale-provider';
import { ButtonWithIcon } from '../../ui/button-with-icon';
import { ErrorAlert } from '../../ui/error-alert';
import { keepFieldFocus } from '../../ui/keep-focus';
import { keyText } from '../../ui/key-text';
import { PageLoader } from '../../ui/page-loader';
import { PageTitle } from '../../ui/page-title';
import { TruncatedText } from '../../ui/truncated-text';
import { useZodForm } from '../../ui/use-zod-form';
import { useCategories, useCreateCategory, useDeleteCategory } from './categories-api';

/** A category as a chip with a real, named remove button (Pill's own X is hidden from keyboards). */
function CategoryChip({
  name,
  isRemoving,
  onRemove,
}: {
  name: string;
  isRemoving: boolean;
  onRemove: () => void;
}) {
  const t = useT();
  return (
    <li style={{ maxWidth: '100%', minWidth: 0 }}>
      <Group
        gap={4}
        wrap="nowrap"
        pl="sm"
        pr={4}
        py={2}
        bg="gray.1"
        style={{ borderRadius: 999, maxWidth: '100%' }}
      >
        <TruncatedText size="md">{name}</TruncatedText>
        <CloseButton
          size="sm"
          radius="xl"
          aria-label={t('categories.remove', { name })}
          disabled={isRemoving}
          onClick={onRemove}
        />
      </Group>
    </li>
  );
}

/** `{org}/admin/categories` (super admin): add by name, the categories as chips, remove with X. */
export function CategoriesPage() {
  const t = useT();
  const categories = useCategories();
  const create = useCreateCategory();
  const remove = useDeleteCategory();
  const { register, handleSubmit, reset, formState } = useZodForm(ZCreateCategory, {
    defaultValues: { name: '' },
  });

  // The outcome of the last add or remove: a later success clears an earlier refusal, and a refusal
  // (a duplicate name, a category still in use) stays on the page, not only in a passing toast.
  const [actionError, setActionError] = useState<string | null>(null);
  const showError = (error: Error) => setActionError(t('common.error', { message: error.message }));
  const handleAdd = handleSubmit(({ name }) => {
    setActionError(null);
    create.mutate(name, { onSuccess: () => reset(), onError: showError });
  });
  const handleRemove = (id: number, name: string) => {
    setActionError(null);
    remove.mutate(id, {
      onError: (error) => setActionError(t('categories.notRemoved', { name, message: error.message })),
    });
  };

  return (
    <Stack gap="lg" maw={880}>
      <PageTitle>{t('categories.title')}</PageTitle>
      <Card withBorder radius="lg" padding="lg">
        <form onSubmit={handleAdd} noValidate>
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              label={t('categories.name')}
              required
              autoComplete="off"
              style={{ flex: 1, minWidth: 0 }}
              error={keyText(formState.errors.name?.message)}
              {...register('name')}
            />
            <ButtonWithIcon
              icon={IconPlus}
              type="submit"
              onMouseDown={keepFieldFocus}
              mt={25}
              loading={create.isPending}
            >
              {t('categories.add')}
            </ButtonWithIcon>
          </Group>
        </form>
      </Card>
      {actionError && <ErrorAlert message={actionError} />}
      {categories.isPending && <PageLoader label={t('categories.loading')} />}
      {categories.isError && (
        <ErrorAlert message={t('common.error', { message: categories.error.message })} />
      )}
      {categories.data?.length === 0 && <Text>{t('categories.none')}</Text>}
      {categories.data && categories.data.length > 0 && (
        <Group
          gap="xs"
          component="ul"
          aria-label={t('categories.title')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {categories.data.map((category) => (
            <CategoryChip
              key={category.id}
              name={category.name}
              isRemoving={remove.isPending && remove.variables === category.id}
              onRemove={() => handleRemove(category.id, category.name)}
            />
          ))}
        </Group>
      )}
    </Stack>
  );
}
