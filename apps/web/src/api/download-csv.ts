import { API_PREFIX, httpErrorToast } from '@playshop/shared';
import { sessionStore } from '../auth/session-store';
import { toastError } from '../ui/toast';
import { api } from './api';

/** GETs a CSV of the API with the session's token (renewed once if needed) and saves it as `filename`. */
export async function downloadCsv(path: string, filename: string): Promise<void> {
  const fetchWith = (token: string | null) =>
    fetch(`${API_PREFIX}${path}`, {
      credentials: 'include',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  try {
    let response = await fetchWith(sessionStore.get()?.accessToken ?? null);
    if (response.status === 401 || response.status === 403) {
      const renewed = await api.refresh();
      if (renewed) response = await fetchWith(renewed.accessToken);
    }
    if (!response.ok) return toastError(httpErrorToast(response.status, undefined));
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch {
    toastError(httpErrorToast(undefined, undefined));
  }
}
