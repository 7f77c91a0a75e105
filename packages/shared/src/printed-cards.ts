import { z } from 'zod/mini';
import { ZWinPattern } from './bingo';
import { endpoints, GET, getById, POST } from './endpoint';
import { zIdParam } from './input';
import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH } from './joining';
import { ZIdParam } from './schemas';
import { key } from './server-messages';

/**
 * Printed bingo cards for traditional delivery: a set of unique cards of one room, printed as a PDF
 * with a serial on each card, that the server keeps so a shouted claim can be checked by its serial.
 */
export const PRINTED_CARDS = {
  maxCount: 500,
  perPageChoices: [1, 2, 4] as const,
  /** Characters of a set's code: the join-code alphabet (no 0/O, 1/I/L to misread on paper). */
  codeLength: JOIN_CODE_LENGTH,
  codeAlphabet: JOIN_CODE_ALPHABET,
} as const;

export const ZCreatePrintedCardSet = z.strictObject({
  count: z
    .number({ message: key('printedCards.countRange') })
    .check(
      z.int('printedCards.countRange'),
      z.gte(1, key('printedCards.countRange')),
      z.lte(PRINTED_CARDS.maxCount, key('printedCards.countRange')),
    ),
  cardsPerPage: z.union([z.literal(1), z.literal(2), z.literal(4)], {
    message: key('printedCards.perPage'),
  }),
});
export type CreatePrintedCardSetInput = z.infer<typeof ZCreatePrintedCardSet>;

export const ZPrintedCardSetReply = z.object({
  id: z.number().check(z.int()),
  roomId: z.number().check(z.int()),
  /** The set's code, the first part of every serial in it. */
  code: z.string(),
  count: z.number().check(z.int()),
  cardsPerPage: z.number().check(z.int()),
  createdAt: z.string(),
  /** Who printed it (username or email); null once that account is gone. */
  createdBy: z.nullable(z.string()),
});
export type PrintedCardSetReply = z.infer<typeof ZPrintedCardSetReply>;

const card = z.array(z.array(z.number().check(z.int())));
export const ZPrintedCardsReply = z.object({
  code: z.string(),
  cards: z.array(z.object({ serial: z.string(), card })),
});

/** `K7QM4X-017`: the set's code and the card's number in the set. */
export function printedSerial(code: string, number: number): string {
  return `${code}-${String(number).padStart(3, '0')}`;
}

const SERIAL = new RegExp(`^([${JOIN_CODE_ALPHABET}]{${JOIN_CODE_LENGTH}})[\\s-]?(\\d{1,3})$`);

/** A typed serial, forgiving case, spaces and a missing dash; null when it cannot be one. */
export function parsePrintedSerial(text: string): { code: string; number: number } | null {
  const match = SERIAL.exec(text.trim().toUpperCase());
  if (!match) return null;
  const number = Number(match[2]);
  return number >= 1 && number <= PRINTED_CARDS.maxCount ? { code: match[1]!, number } : null;
}

export const ZVerifyPrintedCard = z.strictObject({
  serial: z.string({ message: key('printedCards.serialFormat') }).check(
    z.maxLength(40, key('printedCards.serialFormat')),
    z.refine((s) => parsePrintedSerial(s) !== null, key('printedCards.serialFormat')),
  ),
});

export const PRINTED_CLAIM_RESULTS = ['bingo', 'not_bingo', 'unknown'] as const;

export const ZPrintedClaimReply = z.object({
  result: z.enum(PRINTED_CLAIM_RESULTS),
  /** The serial as printed (normalised from what was typed). */
  serial: z.string(),
  /** The card, when the serial is one of the room's printed cards. */
  card: z.nullable(card),
  /** Balls called so far in the room's current game. */
  calledCount: z.number().check(z.int()),
  /** The prize being played for (index into `prizes`). */
  currentPrize: z.number().check(z.int()),
  /** Every prize of the round with whether this card wins it and the numbers it still needs. */
  prizes: z.array(
    z.object({ pattern: ZWinPattern, wins: z.boolean(), missing: z.array(z.number().check(z.int())) }),
  ),
});
export type PrintedClaimReply = z.infer<typeof ZPrintedClaimReply>;

const ZSetParams = z.object({ id: zIdParam(), setId: zIdParam() });

/** Printed bingo cards of a room (traditional delivery): the staff who run the room print and check them. */
export const PRINTED_CARD_API = endpoints(['printed cards'], {
  createSet: POST(
    {
      path: '/rooms/:id/printed-card-sets',
      params: ZIdParam,
      body: ZCreatePrintedCardSet,
      reply: ZPrintedCardSetReply,
      access: 'runRooms',
    },
    'Deal and keep a set of 1–500 unique bingo cards for the room, to print',
  ),
  sets: getById(
    {
      path: '/rooms/:id/printed-card-sets',
      reply: z.array(ZPrintedCardSetReply),
      access: 'runRooms',
    },
    "The room's printed card sets, newest first",
  ),
  cards: GET(
    {
      path: '/rooms/:id/printed-card-sets/:setId/cards',
      params: ZSetParams,
      reply: ZPrintedCardsReply,
      access: 'runRooms',
    },
    'Every card of a printed set with its serial',
  ),
  /** A PDF file: the web downloads it rather than parsing a reply. */
  pdf: GET(
    {
      path: '/rooms/:id/printed-card-sets/:setId/pdf',
      params: ZSetParams,
      reply: z.unknown().check(z.describe('application/pdf')),
      access: 'runRooms',
    },
    "A printed set as a PDF: the caller sheet, then the cards at the set's cards per A4 page",
  ),
  verify: POST(
    {
      path: '/rooms/:id/printed-cards/verify',
      params: ZIdParam,
      body: ZVerifyPrintedCard,
      reply: ZPrintedClaimReply,
      access: 'runRooms',
    },
    "Check a shouted claim by the card's serial against the balls called in the room's game and the round's prizes",
  ),
});
