import { PAGE_SIZE, WORKSHOP_API } from '@playshop/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';
import { useDeleteById, useSavingMutation } from '../../api/use-saving-mutation';
import { t } from '../../i18n/i18n';
import { toastSuccess } from '../../ui/toast';

/** Query keys of the workshop builder. */
export const workshopKeys = {
  all: ['workshops'] as const,
  page: (page: number, term: string) => ['workshops', 'page', page, term] as const,
  item: (id: number) => ['workshops', 'item', id] as const,
  session: (id: number) => ['workshops', 'session', id] as const,
};

/** Saves a wizard session: its name and ordered content, placed after the workshop's last session. */
export function useCreateSession() {
  return useSavingMutation(
    (input: { workshopId: number; name: string; content: number[] }) =>
      api.call(WORKSHOP_API.createSession, {
        body: { section: { name: input.name }, content: input.content, workshopId: input.workshopId },
      }),
    { success: () => t('workshops.sessionSaved'), refresh: workshopKeys.all },
  );
}

/** Step one of the wizard: an empty workshop, replying with its id. */
export function useCreateWorkshop() {
  return useSavingMutation(
    (name: string) => api.call(WORKSHOP_API.create, { body: { name, sections: [] } }),
    { success: () => t('workshops.created'), refresh: workshopKeys.all },
  );
}

export const useDeleteSession = () =>
  useDeleteById(WORKSHOP_API.removeSession, () => t('workshops.sessionDeleted'), workshopKeys.all);

/** Deletes a workshop with its sessions; refused while a room uses it. */
export function useDeleteWorkshop() {
  return useSavingMutation(
    (id: number) => api.call(WORKSHOP_API.remove, { params: { id } }, { notify: false }),
    { success: () => t('workshops.deleted'), refresh: workshopKeys.all },
  );
}

/** Renames a session and replaces its ordered content. */
export function useEditSession(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; content: number[] }) =>
      api.call(WORKSHOP_API.editSession, {
        params: { id },
        body: {
          name: input.name,
          sessionContent: input.content.map((contentBaseId, orderIndex) => ({ contentBaseId, orderIndex })),
        },
      }),
    onSuccess: (saved) => {
      toastSuccess(t('workshops.sessionUpdated'));
      queryClient.setQueryData(workshopKeys.session(id), saved);
      return queryClient.invalidateQueries({ queryKey: workshopKeys.all });
    },
  });
}

export function useRenameWorkshop() {
  return useSavingMutation(
    (input: { id: number; name: string }) => api.call(WORKSHOP_API.rename, { body: input }),
    { success: () => t('workshops.renamed'), refresh: workshopKeys.all },
  );
}

/** One session with its ordered content. */
export function useWorkshopSession(id: number | null) {
  return useQuery({
    queryKey: workshopKeys.session(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) => api.call(WORKSHOP_API.session, { params: { id: id ?? 0 } }, { signal }),
  });
}

/** A workshop with its sessions and their ordered content. */
export function useWorkshop(id: number | null) {
  return useQuery({
    queryKey: workshopKeys.item(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) => api.call(WORKSHOP_API.byId, { params: { id: id ?? 0 } }, { signal }),
  });
}

/** The workshop list: pages of 10, optionally searched by name. */
export function useWorkshopsPage(page: number, term: string) {
  return useQuery({
    queryKey: workshopKeys.page(page, term),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.call(
        WORKSHOP_API.page,
        { params: { page, size: PAGE_SIZE }, query: term ? { search: term } : {} },
        { signal },
      ),
  });
}
