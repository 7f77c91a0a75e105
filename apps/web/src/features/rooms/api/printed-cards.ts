import {
  type CreatePrintedCardSetInput,
  type PrintedCardSetReply,
  type PrintedClaimReply,
  ZPrintedCardSetReply,
  ZPrintedClaimReply,
} from '@playshop/shared';
import { api } from '../../../api/api';
import { downloadFile } from '../../../api/download-file';

/** POST /rooms/{id}/printed-card-sets: deals and keeps a new set of unique cards. */
export function createPrintedCardSet(roomId: number, input: CreatePrintedCardSetInput) {
  return api.post(`/rooms/${roomId}/printed-card-sets`, input, { schema: ZPrintedCardSetReply });
}

/** GET the set's PDF (caller sheet, then the cards) with the session's token, saved by the browser. */
export function downloadPrintedCardSet(set: PrintedCardSetReply, roomName: string): Promise<void> {
  const base = roomName.replace(/[^\w-]+/g, '-');
  return downloadFile(
    `/rooms/${set.roomId}/printed-card-sets/${set.id}/pdf`,
    `${base}-bingo-cards-${set.code}.pdf`,
  );
}

/** POST /rooms/{id}/printed-cards/verify: the server checks the card against the balls called. */
export function verifyPrintedCard(roomId: number, serial: string): Promise<PrintedClaimReply> {
  // The form shows what was wrong with the serial itself; no toast on top of it.
  return api.post(
    `/rooms/${roomId}/printed-cards/verify`,
    { serial },
    { schema: ZPrintedClaimReply, notify: false },
  );
}
