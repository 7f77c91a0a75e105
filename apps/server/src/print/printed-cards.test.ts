import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { english } from '@playshop/messages/english';
import {
  ANY_LINE,
  type BingoCard,
  FREE_CELL,
  isValidCard,
  type WinPattern,
  winsPattern,
} from '@playshop/shared';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, rooms, sessions, workshops } from '../db/schema';
import type { GameEvent } from '../game/engine';
import { createJournal } from '../game/journal';
import { createOrg, createTestContext, createUser, signIn, type TestContext } from '../test/context';

/** Where the browser tests leave their pictures (git-ignored). */
const SHOTS_DIR = path.join(import.meta.dirname, '../../../../e2e/screenshots');

let ctx: TestContext;
let roomId: number;
let orgId: number;
let workshopId: number;
let otherRoomId: number;
let facilitator: Record<string, string>;
let otherAdmin: Record<string, string>;
let player: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  const org = await createOrg(ctx.database, { name: 'Print Org' });
  const other = await createOrg(ctx.database, { name: 'Print Elsewhere' });
  const [w] = await ctx.database.db.insert(workshops).values({ name: 'Paper bingo' }).returning();
  await ctx.database.db.insert(sessions).values({ workshopId: w!.id, name: 'First', orderIndex: 0 });
  const inserted = await ctx.database.db
    .insert(rooms)
    .values([
      { name: 'Hall', orgId: org.id, workshopId: w!.id },
      { name: 'Their hall', orgId: other.id, workshopId: w!.id },
    ])
    .returning();
  roomId = inserted[0]!.id;
  orgId = org.id;
  workshopId = w!.id;
  otherRoomId = inserted[1]!.id;
  facilitator = (await signIn(ctx.app, await createUser(ctx.database, 'FACILITATOR', org.id))).headers;
  otherAdmin = (await signIn(ctx.app, await createUser(ctx.database, 'ADMIN', other.id))).headers;
  player = (await signIn(ctx.app, await createUser(ctx.database, 'PLAYER', org.id))).headers;
});
afterAll(() => ctx.close());

const call = (
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string> = facilitator,
  payload?: object,
) => ctx.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

/** Another room of the organization, on the same workshop. */
async function newRoom(name: string) {
  const [room] = await ctx.database.db.insert(rooms).values({ name, orgId, workshopId }).returning();
  return room;
}

async function printSet(count: number, cardsPerPage: number, room = roomId) {
  const res = await call('POST', `/rooms/${room}/printed-card-sets`, facilitator, { count, cardsPerPage });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; code: string; count: number; cardsPerPage: number };
}

async function cardsOf(setId: number, room = roomId) {
  const res = await call('GET', `/rooms/${room}/printed-card-sets/${setId}/cards`);
  expect(res.statusCode).toBe(200);
  return res.json() as { code: string; cards: { serial: string; card: BingoCard }[] };
}

/** A game of the room as the live room stores it: these events, in order, in an open game. */
async function storeGame(room: number, events: GameEvent[]) {
  const journal = createJournal(ctx.database.db);
  const gameId = await journal.newGame(room);
  await journal.append(events.map((event, i) => ({ gameId, seq: i + 1, event, actorUserId: null })));
  return gameId;
}

const verify = (serial: string, room = roomId, headers = facilitator) =>
  call('POST', `/rooms/${room}/printed-cards/verify`, headers, { serial });

describe('printing a set', () => {
  it('keeps 30 unique valid cards with serials made of the set code and the card number', async () => {
    const set = await printSet(30, 4);
    expect(set).toMatchObject({ count: 30, cardsPerPage: 4 });
    expect(set.code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    const { cards } = await cardsOf(set.id);
    expect(cards).toHaveLength(30);
    expect(cards.map((c) => c.serial)).toEqual(
      Array.from({ length: 30 }, (_, i) => `${set.code}-${String(i + 1).padStart(3, '0')}`),
    );
    expect(cards.every((c) => isValidCard(c.card))).toBe(true);
    expect(new Set(cards.map((c) => c.card.flat().join(','))).size).toBe(30);
    // Two sets never share a code, so a serial of one says nothing about the other.
    const again = await printSet(30, 4);
    expect(again.code).not.toBe(set.code);
    const list = await call('GET', `/rooms/${roomId}/printed-card-sets`);
    expect(
      list
        .json()
        .map((s: { id: number }) => s.id)
        .slice(0, 2),
    ).toEqual([again.id, set.id]);
    expect(list.json()[0].createdBy).toMatch(/@example\.com$/);
  });

  it.each([
    [30, 4, 1 + 8],
    [3, 1, 1 + 3],
    [3, 2, 1 + 2],
    [1, 4, 1 + 1],
  ])(
    'prints %i cards at %i per page as a caller sheet and cards: %i pages',
    async (count, perPage, pages) => {
      const set = await printSet(count, perPage);
      const res = await call('GET', `/rooms/${roomId}/printed-card-sets/${set.id}/pdf`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Hall-bingo-cards-${set.code}.pdf"`,
      );
      const pdf = await PDFDocument.load(res.rawPayload);
      expect(pdf.getPageCount()).toBe(pages);
      // A4 portrait.
      expect(pdf.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });
    },
  );

  it('prints the same file again for the same set', async () => {
    const set = await printSet(5, 2);
    const first = await call('GET', `/rooms/${roomId}/printed-card-sets/${set.id}/pdf`);
    const second = await call('GET', `/rooms/${roomId}/printed-card-sets/${set.id}/pdf`);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('prints 500 cards, and a room name the PDF fonts cannot draw', async () => {
    const room = await newRoom('Salle 会議 🎲');
    const set = await printSet(500, 4, room!.id);
    const res = await call('GET', `/rooms/${room!.id}/printed-card-sets/${set.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect((await PDFDocument.load(res.rawPayload)).getPageCount()).toBe(1 + 125);
  });

  /** The PDF's text as a printer's text layer has it (poppler's pdftotext). */
  async function pdfText(room: number, setId: number): Promise<string> {
    const res = await call('GET', `/rooms/${room}/printed-card-sets/${setId}/pdf`);
    expect(res.statusCode).toBe(200);
    const dir = mkdtempSync(path.join(tmpdir(), 'print-'));
    try {
      writeFileSync(path.join(dir, 'set.pdf'), res.rawPayload);
      return execFileSync('pdftotext', [path.join(dir, 'set.pdf'), '-'], { encoding: 'utf8' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  /** The fonts a PDF embeds (poppler's pdffonts): name, type, encoding, embedded, subset. */
  function pdfFonts(pdf: Buffer): string[] {
    const dir = mkdtempSync(path.join(tmpdir(), 'print-'));
    try {
      writeFileSync(path.join(dir, 'set.pdf'), pdf);
      return execFileSync('pdffonts', [path.join(dir, 'set.pdf')], { encoding: 'utf8' })
        .split('\n')
        .slice(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it("prints in the room's language, else its organization's", async () => {
    const german = await newRoom('Saal');
    await ctx.database.db.update(rooms).set({ language: 'de' }).where(eq(rooms.id, german!.id));
    const one = await printSet(1, 1, german!.id);
    const text = (await pdfText(german!.id, one.id)).replace(/\s+/g, ' ');
    expect(text).toContain('Ziehliste');
    expect(text).toContain('Raum: Saal (Print Org)');
    expect(text).toContain(`Kartensatz ${one.code}: 1 Karte,`);
    expect(text).toContain('FREI');
    expect(text).toContain('Karte 1 von 1 · Print Org');
    expect(text).toContain('„Karte prüfen“');
    expect(text).not.toMatch(/Caller sheet|Card set|FREE/);
    const three = await printSet(3, 4, german!.id);
    expect(await pdfText(german!.id, three.id)).toContain(`Kartensatz ${three.code}: 3 Karten,`);

    // A room without its own language follows the organization's.
    await ctx.database.db.update(organizations).set({ language: 'fr' }).where(eq(organizations.id, orgId));
    try {
      const hall = await newRoom('Grande salle');
      const set = await printSet(2, 2, hall!.id);
      const french = (await pdfText(hall!.id, set.id)).replace(/\s+/g, ' ');
      expect(french).toContain('Feuille de tirage');
      expect(french).toContain(`Jeu ${set.code} : 2 cartes,`);
      expect(french).toContain('LIBRE');
    } finally {
      await ctx.database.db.update(organizations).set({ language: 'en' }).where(eq(organizations.id, orgId));
    }
  });

  it('prints an Arabic room in Arabic: its letters embedded (a subset of the font), each line right to left', async () => {
    const room = await newRoom('قاعة Hall 2');
    await ctx.database.db.update(rooms).set({ language: 'ar' }).where(eq(rooms.id, room!.id));
    const set = await printSet(2, 2, room!.id);
    const res = await call('GET', `/rooms/${room!.id}/printed-card-sets/${set.id}/pdf`);
    // The font's 1,564 glyphs are 134 KB; the set's own few keep the file small.
    expect(res.rawPayload.length).toBeLessThan(60_000);
    // The same set prints the same file again, its embedded subsets too.
    const again = await call('GET', `/rooms/${room!.id}/printed-card-sets/${set.id}/pdf`);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    // Both weights embedded (pdf-lib names a subset by the font's name and a number).
    const fonts = pdfFonts(res.rawPayload).join('\n');
    expect(fonts).toMatch(/^NotoNaskhArabic-\d+ +CID TrueType +Identity-H +yes /m);
    expect(fonts).toMatch(/^NotoNaskhArabic-Bold-\d+ +CID TrueType +Identity-H +yes /m);

    // pdftotext reads the glyphs back into reading order (its bidi marks removed here): the joined
    // forms map to their letters, and each Arabic stretch reads in logical order. (A line's Latin
    // words and numbers it keeps in drawing order, and lam-alef ligatures it spells backwards.)
    const arabic = (await pdfText(room!.id, set.id))
      .normalize('NFKC')
      .replace(/[\u202a-\u202e]/g, '')
      .replace(/\s+/g, ' ');
    for (const text of [
      'ورقة المنادي',
      'الغرفة',
      'قاعة',
      'بطاقتان',
      'حرّة',
      'علّم كل رقم عند سحبه',
      'بينغو؟ نادِ وأعطِ الرقم التسلسلي',
      'في صفحة البطاقات الورقية أو شاشة لعب الميسّر',
    ]) {
      expect(arabic).toContain(text.normalize('NFKC'));
    }
    for (const text of ['Hall 2', 'Print Org', `${set.code}-001`, `${set.code}-002`, 'B 15', 'O 75']) {
      expect(arabic).toContain(text);
    }
    expect(arabic).not.toMatch(/Caller sheet|Card set|FREE/);
    // The letters' joins are for the eye: E2E_SCREENSHOTS=1 leaves both pages to look at.
    if (process.env.E2E_SCREENSHOTS === '1') {
      const dir = mkdtempSync(path.join(tmpdir(), 'print-'));
      writeFileSync(path.join(dir, 'set.pdf'), res.rawPayload);
      mkdirSync(SHOTS_DIR, { recursive: true });
      execFileSync('pdftoppm', [
        '-r',
        '90',
        '-png',
        path.join(dir, 'set.pdf'),
        path.join(SHOTS_DIR, 'printed-cards-ar'),
      ]);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    [{ count: 0, cardsPerPage: 4 }, english('printedCards.countRange')],
    [{ count: 501, cardsPerPage: 4 }, english('printedCards.countRange')],
    [{ count: 2.5, cardsPerPage: 4 }, english('printedCards.countRange')],
    [{ count: '30', cardsPerPage: 4 }, english('printedCards.countRange')],
    [{ count: 30, cardsPerPage: 3 }, english('printedCards.perPage')],
    [{ count: 30 }, english('printedCards.perPage')],
  ])('refuses %j with a 400 that says why', async (payload, message) => {
    const res = await call('POST', `/rooms/${roomId}/printed-card-sets`, facilitator, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it("answers 404 for another organization's room or set, and 403 for a player", async () => {
    const set = await printSet(2, 2);
    expect(
      (
        await call('POST', `/rooms/${otherRoomId}/printed-card-sets`, facilitator, {
          count: 2,
          cardsPerPage: 2,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/rooms/${roomId}/printed-card-sets/${set.id}/pdf`, otherAdmin)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/rooms/${roomId}/printed-card-sets/${set.id}/cards`, otherAdmin)).statusCode,
    ).toBe(404);
    // A set is found only under its own room.
    expect((await call('GET', `/rooms/${otherRoomId}/printed-card-sets/${set.id}/pdf`)).statusCode).toBe(404);
    expect(
      (await call('POST', `/rooms/${roomId}/printed-card-sets`, player, { count: 2, cardsPerPage: 2 }))
        .statusCode,
    ).toBe(403);
    expect((await verify(`${set.code}-001`, roomId, player)).statusCode).toBe(403);
    expect((await verify(`${set.code}-001`, roomId, otherAdmin)).statusCode).toBe(404);
  });
});

describe('checking a claim by serial', () => {
  /** The numbers of a card's top row (no free cell there). */
  const topRow = (card: BingoCard) => card[0]!;
  const corners = (card: BingoCard) => [card[0]![0]!, card[0]![4]!, card[4]![0]!, card[4]![4]!];

  it('answers bingo for a card whose line is called, and what is missing for one whose is not', async () => {
    const set = await printSet(5, 4);
    const { cards } = await cardsOf(set.id);
    const winner = cards[0]!;
    const rolls = topRow(winner.card);
    const loser = cards.slice(1).find((c) => !winsPattern(ANY_LINE, c.card, new Set(rolls)))!;
    await storeGame(roomId, [
      { type: 'lobby_opened' },
      { type: 'game_started', hideRollAnimation: false },
      ...rolls.map((number): GameEvent => ({ type: 'ball_rolled', number })),
    ]);

    // Typed in lower case without the dash: still the same card.
    const win = await verify(winner.serial.toLowerCase().replace('-', ''));
    expect(win.statusCode).toBe(200);
    expect(win.json()).toMatchObject({
      result: 'bingo',
      serial: winner.serial,
      card: winner.card,
      calledCount: 5,
      currentPrize: 0,
      prizes: [{ pattern: { kind: 'any_line' }, wins: true, missing: [] }],
    });

    const lose = await verify(loser.serial);
    expect(lose.json()).toMatchObject({ result: 'not_bingo', serial: loser.serial, card: loser.card });
    const missing: number[] = lose.json().prizes[0].missing;
    expect(missing.length).toBeGreaterThan(0);
    expect(missing.every((n) => loser.card.flat().includes(n) && !rolls.includes(n))).toBe(true);
    expect(winsPattern(ANY_LINE, loser.card, new Set([...rolls, ...missing]))).toBe(true);
  });

  it("checks the round's pattern: four corners wins only with the corners called", async () => {
    const hall = await newRoom('Corner hall');
    const set = await printSet(1, 1, hall!.id);
    const [{ serial, card }] = (await cardsOf(set.id, hall!.id)).cards as [
      { serial: string; card: BingoCard },
    ];
    const fourCorners: WinPattern = { kind: 'four_corners' };
    // A full top row is a line, but not four corners: not a bingo, missing the bottom corners.
    await storeGame(hall!.id, [
      { type: 'lobby_opened' },
      { type: 'prizes_set', prizes: [fourCorners, { kind: 'full_house' }] },
      { type: 'game_started', hideRollAnimation: false },
      ...topRow(card).map((number): GameEvent => ({ type: 'ball_rolled', number })),
    ]);
    const before = (await verify(serial, hall!.id)).json();
    expect(before).toMatchObject({ result: 'not_bingo', currentPrize: 0 });
    expect(before.prizes[0].missing).toEqual([card[4]![0]!, card[4]![4]!].sort((a, b) => a - b));
    expect(before.prizes[1]).toMatchObject({ pattern: { kind: 'full_house' }, wins: false });
    expect(before.prizes[1].missing).toHaveLength(24 - 5);

    const journal = createJournal(ctx.database.db);
    const game = await journal.load(hall!.id);
    const rest = corners(card).filter((n) => !topRow(card).includes(n));
    await journal.append(
      rest.map((number, i) => ({
        gameId: game!.gameId,
        seq: game!.events.length + i + 1,
        event: { type: 'ball_rolled', number },
        actorUserId: null,
      })),
    );
    expect((await verify(serial, hall!.id)).json()).toMatchObject({ result: 'bingo', calledCount: 7 });
  });

  it('answers unknown for a serial of no set, or of another room, and 409 when no game is open', async () => {
    expect((await verify('ZZZZZZ-001')).json()).toMatchObject({ result: 'unknown', card: null, prizes: [] });
    const set = await printSet(3, 4);
    // Past the end of the set.
    expect((await verify(`${set.code}-004`)).json()).toMatchObject({
      result: 'unknown',
      serial: `${set.code}-004`,
    });
    const quiet = await newRoom('Quiet room');
    // A card of the first room is not one of this room's cards.
    expect((await verify(`${set.code}-001`, quiet!.id)).json()).toMatchObject({ result: 'unknown' });
    const own = await printSet(1, 1, quiet!.id);
    const res = await verify(`${own.code}-001`, quiet!.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(english('printedCards.noGame'));
  });

  it.each([[''], ['hello'], ['ZZZZZZ-0000'], ['ZZZZZZ-000'], ['ZZZZZ0-001'], ['x'.repeat(100)]])(
    'refuses the serial %j with a 400 that says how to type it',
    async (serial) => {
      const res = await verify(serial);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(english('printedCards.serialFormat'));
    },
  );

  it('has a free centre on every printed card', async () => {
    const set = await printSet(10, 4);
    const { cards } = await cardsOf(set.id);
    expect(cards.every((c) => c.card[2]![2] === FREE_CELL)).toBe(true);
  });
});
