import { Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { CONTENT_TYPES, type ContentFilters, type ContentType } from '@playshop/shared';
import { IconFilter, IconRestore } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useT } from '../../i18n/locale-provider';
import { ButtonWithIcon } from '../../ui/button-with-icon';
import { useCategoryOptions } from '../categories/categories-api';
import { contentTypeLabel } from './content-type-label';

/**
 * SPEC §2 content filter: a search box ('Question or Title'), a Category select, a Type select, and
 * Filter and reset buttons. The filters combine; they apply on Filter (or Enter).
 */
export function ContentFilter({
  value,
  onApply,
}: {
  value: ContentFilters;
  onApply: (f: ContentFilters) => void;
}) {
  const t = useT();
  const categories = useCategoryOptions();
  const [search, setSearch] = useState(value.search ?? '');
  const [categoryId, setCategoryId] = useState(value.categoryId ? String(value.categoryId) : '');
  const [type, setType] = useState<string>(value.type ?? '');
  useEffect(() => {
    setSearch(value.search ?? '');
    setCategoryId(value.categoryId ? String(value.categoryId) : '');
    setType(value.type ?? '');
  }, [value]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply({
      search: search.trim() || undefined,
      categoryId: categoryId ? Number(categoryId) : undefined,
      type: (type || undefined) as ContentType | undefined,
    });
  };
  const handleReset = () => onApply({});

  return (
    <search aria-label={t('content.filterContent')}>
      <form onSubmit={handleSubmit}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label={t('content.search')}
            placeholder={t('content.questionOrTitle')}
            value={search}
            maxLength={200}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          <NativeSelect
            label={t('content.category')}
            value={categoryId}
            onChange={(e) => setCategoryId(e.currentTarget.value)}
            data={[{ value: '', label: t('content.allCategories') }, ...(categories.data ?? [])]}
          />
          <NativeSelect
            label={t('content.type')}
            value={type}
            onChange={(e) => setType(e.currentTarget.value)}
            data={[
              { value: '', label: t('content.allTypes') },
              ...CONTENT_TYPES.map((type) => ({ value: type, label: contentTypeLabel(type) })),
            ]}
          />
        </SimpleGrid>
        <Group gap="xs" mt="sm">
          <ButtonWithIcon icon={IconFilter} type="submit">
            {t('content.filter')}
          </ButtonWithIcon>
          <ButtonWithIcon icon={IconRestore} variant="default" onClick={handleReset}>
            {t('content.reset')}
          </ButtonWithIcon>
        </Group>
      </form>
    </search>
  );
}
