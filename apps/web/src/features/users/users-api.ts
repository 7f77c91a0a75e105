import {
  ACCOUNT_API,
  type CreateAdminInput,
  type EditAdminInput,
  type EditPlayerInput,
  type ImportPlayersInput,
  JOIN_API,
  PAGE_SIZE,
  PLAYER_IMPORT_API,
  type PlayerFormInput,
  type Role,
  type StaffLanguage,
  USER_API,
} from '@playshop/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';
import { useDeleteById, useSavingMutation } from '../../api/use-saving-mutation';
import { useSessionStore } from '../../auth/auth-provider';
import { type StaffMessageId, t } from '../../i18n/i18n';

/** Each role's name on the staff screens. */
export const ROLE_KEYS: Record<Role, StaffMessageId> = {
  SUPER_ADMIN: 'users.roleSuperAdmin',
  ADMIN: 'users.roleAdmin',
  FACILITATOR: 'users.roleFacilitator',
  PLAYER: 'users.rolePlayer',
};

/** Query keys of the Admins and Players lists; invalidating `all(kind)` refreshes every page and search. */
export const userKeys = {
  all: (kind: UserKind) => ['users', kind] as const,
  page: (kind: UserKind, orgId: number | 'all', page: number, term: string) =>
    ['users', kind, 'page', orgId, page, term] as const,
  item: (kind: UserKind, id: number) => ['users', kind, 'by-id', id] as const,
};

/** Deletes an admin or player; the lists refresh without a reload. */
export const useDeleteUser = (kind: UserKind) =>
  useDeleteById(USER_API[kind].remove, () => t('users.deleted'), userKeys.all(kind));

/** All rows in one transaction, or none (the error's body lists the refused rows). */
export function useImportPlayers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportPlayersInput) =>
      api.call(PLAYER_IMPORT_API.importPlayers, { body: input }, { notify: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all('player') }),
  });
}

/**
 * Creates (no id) or changes (with id) an admin or player.
 * The body is the form's values (either kind's), validated again by the server with the same schema.
 */
export function useSaveUser(kind: UserKind) {
  return useSavingMutation(
    (body: Record<string, unknown> & { id?: number }) =>
      body.id === undefined
        ? api.call(USER_API[kind].create, { body: body as CreateAdminInput & PlayerFormInput })
        : api.call(USER_API[kind].edit, { body: body as EditAdminInput & EditPlayerInput }),
    {
      success: (body) => (body.id === undefined ? t('users.created') : t('users.updated')),
      refresh: userKeys.all(kind),
    },
  );
}

/** One admin or player, for the edit screens (404 for another organization's). */
export function useUser(kind: UserKind, id: number) {
  return useQuery({
    queryKey: userKeys.item(kind, id),
    enabled: Number.isInteger(id) && id > 0,
    queryFn: ({ signal }) => api.call(USER_API[kind].byId, { params: { id } }, { signal }),
  });
}

export type UserKind = 'admin' | 'player';

/**
 * One page of admins or players: of one organization, or of every organization (`'all'`, super admin).
 * With a term, the search by first or last name.
 */
export function useUsersPage(kind: UserKind, orgId: number | 'all', page: number, term: string) {
  return useQuery({
    queryKey: userKeys.page(kind, orgId, page, term),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const endpoints = USER_API[kind];
      const paging = { page, size: PAGE_SIZE };
      if (orgId === 'all') {
        return term
          ? api.call(endpoints.search, { params: { term }, query: paging }, { signal })
          : api.call(endpoints.allPage, { params: paging }, { signal });
      }
      return term
        ? api.call(endpoints.orgSearch, { params: { orgId, term }, query: paging }, { signal })
        : api.call(endpoints.page, { params: { orgId, ...paging } }, { signal });
    },
  });
}

/** Removes every guest who joined through a room whose game is over (admins). */
export function useRemoveGuests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roomId: number) => api.call(JOIN_API.removeGuests, { params: { id: roomId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all('player') }),
  });
}

/**
 * Keeps the staff member's language of the staff screens with their account (every device shows it),
 * then switches this one: the session's user carries it (app-frame.tsx → useStaffScreen).
 */
export function useSetAccountLanguage() {
  const store = useSessionStore();
  return useMutation({
    mutationFn: (language: StaffLanguage | null) => api.call(ACCOUNT_API.setLanguage, { body: { language } }),
    onSuccess: ({ language }) => {
      const session = store.get();
      if (session) store.set({ ...session, user: { ...session.user, language } });
    },
  });
}
