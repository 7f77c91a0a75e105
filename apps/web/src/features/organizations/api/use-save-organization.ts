import { ORG_TEXTS, ZOrganizationReply } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { organizationKeys } from './keys';

/** POST /create-organization (no id) or PATCH /edit-org (with id). */
export function useSaveOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown> & { id?: number }) =>
      body.id === undefined
        ? api.post('/create-organization', body, { schema: ZOrganizationReply })
        : api.request('/edit-org', { method: 'PATCH', body, schema: ZOrganizationReply }),
    onSuccess: (_org, body) => {
      toastSuccess(body.id === undefined ? ORG_TEXTS.created : ORG_TEXTS.updated);
      return queryClient.invalidateQueries({ queryKey: organizationKeys.all });
    },
  });
}
