import { ORG_API, ORG_TEXTS } from '@playshop/shared';
import { api } from '../../../api/api';
import { useSavingMutation } from '../../../api/use-saving-mutation';
import { organizationKeys } from './keys';

export function useDeleteOrganization() {
  return useSavingMutation((id: number) => api.call(ORG_API.remove, { params: { id } }), {
    success: ORG_TEXTS.deleted,
    refresh: organizationKeys.all,
  });
}
