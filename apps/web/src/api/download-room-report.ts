import { API_PREFIX, httpErrorToast } from '@playshop/shared';
import { sessionStore } from '../auth/session-store';
import { toastError } from '../ui/toast';
import { api } from './api';

/**
 * GET /get-room-report/{roomId}: the room's game report (or with `log`, its raw event log) as a CSV
 * file, saved by the browser.
 */
export async function downloadRoomReport(
  roomId: number,
  roomName: string,
  kind: 'report' | 'log' = 'report',
): Promise<void> {
  const fetchWith = (token: string | null) =>
    fetch(`${API_PREFIX}/get-room-report/${roomId}${kind === 'log' ? '?format=log' : ''}`, {
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
    link.download = `${roomName.replace(/[^\w-]+/g, '-')}-${kind === 'log' ? 'event-log' : 'report'}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch {
    toastError(httpErrorToast(undefined, undefined));
  }
}
