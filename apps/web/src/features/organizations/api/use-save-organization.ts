import {
  type CreateOrganizationInput,
  type EditOrganizationInput,
  ORG_API,
  ORG_TEXTS,
} from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { organizationKeys } from './keys';

/** Creates an organization (no id) or changes one (with id). */
export function useSaveOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown> & { id?: number }) =>
      body.id === undefined
        ? // The form sends the fields it shows; the server validates the whole body.
          api.call(ORG_API.create, { body: body as CreateOrganizationInput })
        : api.call(ORG_API.edit, { body: body as EditOrganizationInput }),
    onSuccess: (_org, body) => {
      toastSuccess(body.id === undefined ? ORG_TEXTS.created : ORG_TEXTS.updated);
      return queryClient.invalidateQueries({ queryKey: organizationKeys.all });
    },
  });
}
