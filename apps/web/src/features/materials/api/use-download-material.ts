import { MATERIAL_API } from '@playshop/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { navigateToUrl } from './navigate-to-url';

/**
 * Asks for a signed download address, then the browser goes to the signed address. It answers with
 * `Content-Disposition: attachment`, so the page stays and the file is saved. The link expires in
 * minutes, so it is fetched on each click rather than cached.
 */
export function useDownloadMaterial() {
  return useMutation({
    mutationFn: (filePath: string) => api.call(MATERIAL_API.downloadLink, { body: { filePath } }),
    onSuccess: (link) => navigateToUrl(link.url),
  });
}
