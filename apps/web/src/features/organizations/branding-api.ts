import { BRANDING_API, type OrgBranding } from '@playshop/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';
import { storeReply } from '../../api/store-reply';
import { t } from '../../i18n/i18n';
import { toastSuccess } from '../../ui/toast';

export const brandingKeys = { item: (orgId: number) => ['org-branding', orgId] as const };

export function useOrgBranding(orgId: number) {
  return useQuery({
    queryKey: brandingKeys.item(orgId),
    queryFn: ({ signal }) => api.call(BRANDING_API.get, { params: { orgId } }, { signal }),
  });
}

/** The file's bytes in base64, as PUT /org-logo takes them. */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

type Change =
  | { kind: 'colors'; primaryColor: string | null; accentColor: string | null }
  | { kind: 'logo'; file: File }
  | { kind: 'removeLogo' };

/** Saves colours, a logo or its removal; the reply is the organization's look as stored. */
export function useSaveBranding(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: Change): Promise<OrgBranding> => {
      if (change.kind === 'colors') {
        const { primaryColor, accentColor } = change;
        return api.call(BRANDING_API.setColors, { body: { orgId, primaryColor, accentColor } });
      }
      if (change.kind === 'logo') {
        return api.call(BRANDING_API.setLogo, { body: { orgId, data: await fileToBase64(change.file) } });
      }
      return api.call(BRANDING_API.removeLogo, { params: { orgId } });
    },
    onSuccess: async (reply, change) => {
      await storeReply(queryClient, brandingKeys.item(orgId), reply);
      toastSuccess(change.kind === 'removeLogo' ? t('branding.logoRemoved') : t('branding.saved'));
    },
  });
}
