import type { Endpoint, EndpointReply, ZIdParam } from '@playshop/shared';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api';
import type { CallInput } from './client';
import { storeReply } from './store-reply';

/** An endpoint of one organization's settings: `/organizations/:id/…`. */
type OrgEndpoint = Endpoint & { readonly params: typeof ZIdParam };
/** One that saves them: it takes a body and answers with what it saved. */
type OrgSaveEndpoint = OrgEndpoint & { readonly body: NonNullable<Endpoint['body']> };

/** An organization's settings of one kind (retention, SAML, xAPI, sign-in), read under `queryKey`. */
export function useOrgSettingsQuery<E extends OrgEndpoint>(queryKey: QueryKey, endpoint: E, orgId: number) {
  const read: OrgEndpoint = endpoint;
  return useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      api.call(read, { params: { id: orgId } }, { signal }) as Promise<EndpointReply<E>>,
  });
}

/** Saves them (the form shows its own error) and keeps the reply as the data under `queryKey`. */
export function useSaveOrgSettings<E extends OrgSaveEndpoint>(
  queryKey: QueryKey,
  endpoint: E,
  orgId: number,
) {
  const client = useQueryClient();
  const save: OrgSaveEndpoint = endpoint;
  return useMutation({
    mutationFn: (body: CallInput<E>['body']) =>
      api.call(save, { params: { id: orgId }, body }, { notify: false }) as Promise<EndpointReply<E>>,
    onSuccess: (saved) => storeReply(client, queryKey, saved),
  });
}
