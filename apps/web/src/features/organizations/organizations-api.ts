import {
  type CreateOrganizationInput,
  type EditOrganizationInput,
  ORG_API,
  PAGE_SIZE,
} from '@playshop/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';
import { useDeleteById, useSavingMutation } from '../../api/use-saving-mutation';
import { t } from '../../i18n/i18n';
import { toastSuccess } from '../../ui/toast';

/** Query keys of organizations; invalidating `all` refreshes every page, option list and record. */
export const organizationKeys = {
  all: ['organizations'] as const,
  page: (page: number, term: string) => ['organizations', 'page', page, term] as const,
  item: (id: number) => ['organizations', 'by-id', id] as const,
  options: ['organizations', 'options'] as const,
  linkableWorkshops: (orgId: number) => ['organizations', 'linkable-workshops', orgId] as const,
  workshops: (orgName: string) => ['org-workshops', orgName] as const,
  expiry: (orgId: number) => ['org-expiry', orgId] as const,
};

export const useDeleteOrganization = () =>
  useDeleteById(ORG_API.remove, () => t('organizations.deleted'), organizationKeys.all);

/** Workshops not yet linked to the organization: the choices of 'Add workshop'. */
export function useLinkableWorkshops(orgId: number) {
  return useQuery({
    queryKey: organizationKeys.linkableWorkshops(orgId),
    queryFn: ({ signal }) => api.call(ORG_API.linkableWorkshops, { params: { orgId } }, { signal }),
  });
}

export function useOrgExpiry(orgId: number, options: { enabled: boolean }) {
  return useQuery({
    queryKey: organizationKeys.expiry(orgId),
    queryFn: ({ signal }) => api.call(ORG_API.checkExpiry, { params: { orgId } }, { signal }),
    enabled: options.enabled,
  });
}

/** Organizations a user form may offer (every one for a super admin, the caller's own otherwise). */
export function useOrgOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: organizationKeys.options,
    queryFn: ({ signal }) => api.call(ORG_API.options, {}, { signal }),
  });
}

/**
 * Links (`link: true`) or unlinks a workshop and an organization. Both lists of the edit screen refresh.
 */
export function useOrgWorkshopLink(orgId: number, orgName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ workshopId, link }: { workshopId: number; link: boolean }) => {
      if (link) await api.call(ORG_API.linkWorkshop, { body: { orgId, workshopId } });
      else await api.call(ORG_API.unlinkWorkshop, { params: { orgId, workshopId } });
    },
    onSuccess: (_reply, { link }) => {
      toastSuccess(link ? t('organizations.workshopAdded') : t('organizations.workshopRemoved'));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.linkableWorkshops(orgId) }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.workshops(orgName) }),
      ]);
    },
  });
}

/** Workshops linked to an organization: the admin dashboard's current workshops. */
export function useOrgWorkshops(orgName: string) {
  return useQuery({
    queryKey: organizationKeys.workshops(orgName),
    queryFn: ({ signal }) => api.call(ORG_API.workshops, { params: { name: orgName } }, { signal }),
  });
}

/** One organization by id (the caller's own, or any for a super admin). */
export function useOrganization(id: number) {
  return useQuery({
    queryKey: organizationKeys.item(id),
    enabled: Number.isInteger(id) && id > 0,
    queryFn: ({ signal }) => api.call(ORG_API.byId, { params: { id } }, { signal }),
  });
}

/** One page of the organizations table, or of a search by name. */
export function useOrganizationsPage(page: number, term: string) {
  return useQuery({
    queryKey: organizationKeys.page(page, term),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      term
        ? api.call(ORG_API.search, { params: { term }, query: { page, size: PAGE_SIZE } }, { signal })
        : api.call(ORG_API.page, { params: { page, size: PAGE_SIZE } }, { signal }),
  });
}

/** Creates an organization (no id) or changes one (with id). */
export function useSaveOrganization() {
  return useSavingMutation(
    (body: Record<string, unknown> & { id?: number }) =>
      body.id === undefined
        ? // The form sends the fields it shows; the server validates the whole body.
          api.call(ORG_API.create, { body: body as CreateOrganizationInput })
        : api.call(ORG_API.edit, { body: body as EditOrganizationInput }),
    {
      success: (body) => (body.id === undefined ? t('organizations.created') : t('organizations.updated')),
      refresh: organizationKeys.all,
    },
  );
}
