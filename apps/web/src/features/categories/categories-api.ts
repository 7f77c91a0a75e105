import { CATEGORY_API } from '@playshop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api/api';
import { useSavingMutation } from '../../api/use-saving-mutation';
import { t } from '../../i18n/i18n';

/** Query keys of the categories list. */
export const categoryKeys = {
  all: ['categories'] as const,
};

/** The one categories query: the Categories page and every Category select share its cache. */
export const categoriesQuery = queryOptions({
  queryKey: categoryKeys.all,
  queryFn: ({ signal }) => api.call(CATEGORY_API.list, {}, { signal }),
});

/** Every category, by name. */
export function useCategories() {
  return useQuery(categoriesQuery);
}

/** Every category, for the content forms' and filters' Category selects. */
export function useCategoryOptions() {
  return useQuery({
    ...categoriesQuery,
    select: (categories) => categories.map((c) => ({ value: String(c.id), label: c.name })),
  });
}

export function useCreateCategory() {
  return useSavingMutation(
    (name: string) => api.call(CATEGORY_API.create, { body: { name } }, { notify: false }),
    { success: () => t('categories.added'), refresh: categoryKeys.all },
  );
}

export function useDeleteCategory() {
  return useSavingMutation(
    (id: number) => api.call(CATEGORY_API.remove, { params: { id } }, { notify: false }),
    { success: () => t('categories.deleted'), refresh: categoryKeys.all },
  );
}
