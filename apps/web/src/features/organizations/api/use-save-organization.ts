import {
  type CreateOrganizationInput,
  type EditOrganizationInput,
  ORG_API,
  ORG_TEXTS,
} from '@playshop/shared';
import { api } from '../../../api/api';
import { useSavingMutation } from '../../../api/use-saving-mutation';
import { organizationKeys } from './keys';

/** Creates an organization (no id) or changes one (with id). */
export function useSaveOrganization() {
  return useSavingMutation(
    (body: Record<string, unknown> & { id?: number }) =>
      body.id === undefined
        ? // The form sends the fields it shows; the server validates the whole body.
          api.call(ORG_API.create, { body: body as CreateOrganizationInput })
        : api.call(ORG_API.edit, { body: body as EditOrganizationInput }),
    {
      success: (body) => (body.id === undefined ? ORG_TEXTS.created : ORG_TEXTS.updated),
      refresh: organizationKeys.all,
    },
  );
}
