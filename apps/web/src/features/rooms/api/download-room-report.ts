import { ROOM_API } from '@playshop/shared';
import { callPath } from '../../../api/client';
import { downloadFile } from '../../../api/download-file';

/**
 * The room's game report (or with `log`, its raw event log) as a CSV
 * file, saved by the browser.
 */
export function downloadRoomReport(
  roomId: number,
  roomName: string,
  kind: 'report' | 'log' = 'report',
): Promise<void> {
  const base = roomName.replace(/[^\w-]+/g, '-');
  return kind === 'log'
    ? downloadFile(
        callPath(ROOM_API.report, { params: { id: roomId }, query: { format: 'log' } }),
        `${base}-event-log.csv`,
      )
    : downloadFile(callPath(ROOM_API.report, { params: { id: roomId } }), `${base}-report.csv`);
}
