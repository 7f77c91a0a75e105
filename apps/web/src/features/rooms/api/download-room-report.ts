import { downloadFile } from '../../../api/download-file';

/**
 * GET /get-room-report/{roomId}: the room's game report (or with `log`, its raw event log) as a CSV
 * file, saved by the browser.
 */
export function downloadRoomReport(
  roomId: number,
  roomName: string,
  kind: 'report' | 'log' = 'report',
): Promise<void> {
  const base = roomName.replace(/[^\w-]+/g, '-');
  return kind === 'log'
    ? downloadFile(`/get-room-report/${roomId}?format=log`, `${base}-event-log.csv`)
    : downloadFile(`/get-room-report/${roomId}`, `${base}-report.csv`);
}
