import { downloadCsv } from './download-csv';

/** GET /get-room-report/{roomId}: the room's game report as a CSV file, saved by the browser. */
export function downloadRoomReport(roomId: number, roomName: string): Promise<void> {
  return downloadCsv(`/get-room-report/${roomId}`, `${roomName.replace(/[^\w-]+/g, '-')}-report.csv`);
}
