import { randomInt as cryptoRandomInt } from 'node:crypto';
import {
  type BingoCard,
  type CreatePrintedCardSetInput,
  message,
  PRINTED_CARDS,
  type PrintedCardSetReply,
  type PrintedClaimReply,
  printedSerial,
} from '@playshop/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organizations, printedCardSets, users } from '../db/schema';
import { dealCard, type RandomInt } from '../game/cards';
import { type Actor, roomInScope } from '../http/actor';
import { isUniqueViolation } from '../http/db-errors';
import { notFound } from '../http/errors';
import { type PrintedSet, printedSetPdf } from './card-pdf';
import { printLanguage } from './print-texts';
import { verifyClaim } from './verify';

/** Deals per card asked for before giving up: 500 unique cards out of ~10^26 never come near it. */
const DEALS_PER_CARD = 20;

/** `count` cards from the game's dealer, no two alike. */
export function dealUniqueCards(count: number, randomInt: RandomInt): BingoCard[] {
  const seen = new Set<string>();
  const cards: BingoCard[] = [];
  for (let deals = 0; cards.length < count; deals++) {
    if (deals >= count * DEALS_PER_CARD) throw new Error('the card dealer keeps dealing the same cards');
    const card = dealCard(randomInt);
    const key = card.flat().join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    cards.push(card);
  }
  return cards;
}

function newCode(randomInt: RandomInt): string {
  let code = '';
  for (let i = 0; i < PRINTED_CARDS.codeLength; i++) {
    code += PRINTED_CARDS.codeAlphabet[randomInt(0, PRINTED_CARDS.codeAlphabet.length)];
  }
  return code;
}

/** A printed set as it is listed (its cards stay in the database). */
export const printedCardSetColumns = {
  id: printedCardSets.id,
  roomId: printedCardSets.roomId,
  code: printedCardSets.code,
  count: printedCardSets.count,
  cardsPerPage: printedCardSets.cardsPerPage,
  createdAt: printedCardSets.createdAt,
};

/** The room with its organization's name, if the actor may run it (404 for another tenant's). */
async function roomFor(db: Db, actor: Actor, roomId: number) {
  const room = await roomInScope(db, actor, roomId);
  const [org] = await db
    .select({ name: organizations.name, language: organizations.language })
    .from(organizations)
    .where(eq(organizations.id, room.orgId));
  return {
    id: room.id,
    name: room.name,
    orgId: room.orgId,
    orgName: org!.name,
    language: room.language ?? org!.language,
  };
}

async function setOf(db: Db, roomId: number, setId: number) {
  const [set] = await db
    .select()
    .from(printedCardSets)
    .where(and(eq(printedCardSets.id, setId), eq(printedCardSets.roomId, roomId)))
    .limit(1);
  if (!set) throw notFound(message('printedCards.setNotFound'));
  return set;
}

type PrintRoom = Awaited<ReturnType<typeof roomFor>>;
type StoredSet = Awaited<ReturnType<typeof setOf>>;

/** The set as a PDF (the caller sheet, then the cards) and its file name. */
async function setPdf(
  db: Db,
  room: PrintRoom,
  set: StoredSet,
  brand: PrintedSet['brand'] | null,
): Promise<{ filename: string; pdf: Uint8Array }> {
  const [creator] = set.createdByUserId
    ? await db
        .select({ name: sql<string>`coalesce(${users.username}, ${users.email})` })
        .from(users)
        .where(eq(users.id, set.createdByUserId))
    : [];
  const pdf = await printedSetPdf({
    code: set.code,
    roomName: room.name,
    orgName: room.orgName,
    createdAt: set.createdAt,
    createdBy: creator?.name ?? null,
    cardsPerPage: set.cardsPerPage as 1 | 2 | 4,
    cards: set.cards as BingoCard[],
    language: printLanguage(room.language),
    brand,
  });
  const safeName = room.name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'room';
  return { filename: `${safeName}-bingo-cards-${set.code}.pdf`, pdf };
}

/** Printed sets as they are listed, with who printed them. */
const setRows = (db: Db) =>
  db
    .select({
      ...printedCardSetColumns,
      createdBy: sql<string | null>`coalesce(${users.username}, ${users.email})`,
    })
    .from(printedCardSets)
    .leftJoin(users, eq(users.id, printedCardSets.createdByUserId));

const presentSet = (row: Awaited<ReturnType<typeof setRows>>[number]): PrintedCardSetReply => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

export interface PrintedCardsDeps {
  /** The dealer's randomness: crypto in production, a scripted one in tests. */
  randomInt?: RandomInt;
  /** The organization's logo and colour for the PDF (issue 32; the branding service in app.ts). */
  brand?: (orgId: number) => Promise<PrintedSet['brand']>;
}

export function printedCardsService(db: Db, deps: PrintedCardsDeps = {}) {
  const randomInt = deps.randomInt ?? cryptoRandomInt;

  return {
    /** Deals and stores a new set of unique cards for the room. */
    async create(
      actor: Actor,
      roomId: number,
      input: CreatePrintedCardSetInput,
    ): Promise<PrintedCardSetReply> {
      const room = await roomFor(db, actor, roomId);
      const cards = dealUniqueCards(input.count, randomInt);
      for (let attempt = 0; ; attempt++) {
        try {
          const [created] = await db
            .insert(printedCardSets)
            .values({
              roomId: room.id,
              code: newCode(randomInt),
              createdByUserId: actor.userId,
              count: input.count,
              cardsPerPage: input.cardsPerPage,
              cards,
            })
            .returning({ id: printedCardSets.id });
          const [row] = await setRows(db).where(eq(printedCardSets.id, created!.id));
          return presentSet(row!);
        } catch (err) {
          // Another set drew the same code (one chance in hundreds of millions): draw again.
          if (!isUniqueViolation(err) || attempt >= 10) throw err;
        }
      }
    },

    /** The room's printed sets, newest first. */
    async list(actor: Actor, roomId: number): Promise<PrintedCardSetReply[]> {
      const room = await roomFor(db, actor, roomId);
      const rows = await setRows(db)
        .where(eq(printedCardSets.roomId, room.id))
        .orderBy(desc(printedCardSets.createdAt), desc(printedCardSets.id));
      return rows.map(presentSet);
    },

    /** Every card of a set with its serial. */
    async cards(actor: Actor, roomId: number, setId: number) {
      const room = await roomFor(db, actor, roomId);
      const set = await setOf(db, room.id, setId);
      return {
        code: set.code,
        cards: (set.cards as BingoCard[]).map((card, i) => ({
          serial: printedSerial(set.code, i + 1),
          card,
        })),
      };
    },

    /** The set as a PDF: the caller sheet, then the cards. */
    async pdf(actor: Actor, roomId: number, setId: number): Promise<{ filename: string; pdf: Uint8Array }> {
      const room = await roomFor(db, actor, roomId);
      const set = await setOf(db, room.id, setId);
      return setPdf(db, room, set, (await deps.brand?.(room.orgId)) ?? null);
    },

    /**
     * A shouted claim: the card with this serial among the room's printed sets, checked with the
     * engine's pattern rule against the balls called in the room's open game.
     */
    async verify(actor: Actor, roomId: number, serialText: string): Promise<PrintedClaimReply> {
      const room = await roomFor(db, actor, roomId);
      return verifyClaim(db, room.id, serialText);
    },
  };
}

export type PrintedCardsService = ReturnType<typeof printedCardsService>;
