import {
  type CreatePrintedCardSetInput,
  PRINTED_CARD_API,
  type PrintedCardSetReply,
  type PrintedClaimReply,
} from '@playshop/shared';
import { api } from '../../api/api';
import { callPath } from '../../api/client';
import { downloadFile } from '../../api/download-file';

/** Deals and keeps a new set of unique cards for the room. */
export function createPrintedCardSet(roomId: number, input: CreatePrintedCardSetInput) {
  return api.call(PRINTED_CARD_API.createSet, { params: { id: roomId }, body: input });
}

/** The set's PDF (caller sheet, then the cards) with the session's token, saved by the browser. */
export function downloadPrintedCardSet(set: PrintedCardSetReply, roomName: string): Promise<void> {
  const base = roomName.replace(/[^\w-]+/g, '-');
  return downloadFile(
    callPath(PRINTED_CARD_API.pdf, { params: { id: set.roomId, setId: set.id } }),
    `${base}-bingo-cards-${set.code}.pdf`,
  );
}

/** The server checks the card against the balls called in the room's game. */
export function verifyPrintedCard(roomId: number, serial: string): Promise<PrintedClaimReply> {
  // The form shows what was wrong with the serial itself; no toast on top of it.
  return api.call(PRINTED_CARD_API.verify, { params: { id: roomId }, body: { serial } }, { notify: false });
}
