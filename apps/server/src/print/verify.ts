import {
  type BingoCard,
  CARD_LINES,
  CARD_SIZE,
  FREE_CELL,
  message,
  type PrintedClaimReply,
  parsePrintedSerial,
  patternCells,
  printedSerial,
  type WinPattern,
  winsPattern,
} from '@playshop/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { gameEvents, printedCardSets } from '../db/schema';
import { fold, type GameEvent, type GameState, initialGameState } from '../game/engine';
import { parseStoredEvent } from '../game/journal';
import { openGameId } from '../game/open-game';
import { badRequest, conflict } from '../http/errors';

/** What a printed card still needs for one prize: the engine's rule decides, this explains. */
export interface PrizeCheck {
  pattern: WinPattern;
  wins: boolean;
  /** Numbers of the card not called yet that stand between it and the prize (closest line(s) for line prizes). */
  missing: number[];
}

const uncalled = (
  card: BingoCard,
  cells: readonly (readonly [number, number])[],
  rolled: ReadonlySet<number>,
) => cells.map(([r, c]) => card[r]![c]!).filter((n) => n !== FREE_CELL && !rolled.has(n));

/** The numbers `card` still needs for `pattern`; empty when it wins. */
export function missingFor(pattern: WinPattern, card: BingoCard, rolled: ReadonlySet<number>): number[] {
  const lines = pattern.kind === 'any_line' ? 1 : pattern.kind === 'two_lines' ? 2 : 0;
  if (lines > 0) {
    // The lines nearest completion: what a caller would tell the player is missing.
    const nearest = CARD_LINES.map((line) => uncalled(card, line.cells, rolled))
      .sort((a, b) => a.length - b.length)
      .slice(0, lines);
    return [...new Set(nearest.flat())].sort((a, b) => a - b);
  }
  const cells = (patternCells(pattern) ?? []).map((i) => [Math.floor(i / CARD_SIZE), i % CARD_SIZE] as const);
  return uncalled(card, cells, rolled).sort((a, b) => a - b);
}

/** Every prize of the round checked on one card with the balls called so far. */
export function checkPrizes(
  prizes: readonly WinPattern[],
  card: BingoCard,
  rolls: readonly number[],
): PrizeCheck[] {
  const rolled = new Set(rolls);
  return prizes.map((pattern) => {
    const wins = winsPattern(pattern, card, rolled);
    return { pattern, wins, missing: wins ? [] : missingFor(pattern, card, rolled) };
  });
}

/** The events that decide a round's balls and prizes; players' joins and marks do not matter here. */
const ROUND_EVENTS: GameEvent['type'][] = ['game_started', 'ball_rolled', 'prizes_set', 'bingo', 'new_round'];

/**
 * The balls and prizes of the room's open game, folded by the engine from the stored log (the live
 * room makes its events durable before anyone sees them); null when no lobby is open.
 */
async function currentRound(db: Db, roomId: number): Promise<GameState | null> {
  const gameId = await openGameId(db, roomId);
  if (gameId === null) return null;
  const rows = await db
    .select({ type: gameEvents.type, payload: gameEvents.payload })
    .from(gameEvents)
    .where(and(eq(gameEvents.gameId, gameId), inArray(gameEvents.type, ROUND_EVENTS)))
    .orderBy(asc(gameEvents.seq));
  const state = initialGameState();
  for (const row of rows) fold(state, parseStoredEvent(row));
  return state;
}

/**
 * A shouted claim: the card with this serial among the room's printed sets, checked with the
 * engine's pattern rule against the balls called in the room's open game.
 */
export async function verifyClaim(db: Db, roomId: number, serialText: string): Promise<PrintedClaimReply> {
  const parsed = parsePrintedSerial(serialText);
  if (!parsed) throw badRequest(message('printedCards.serialFormat'), 'serial');
  const serial = printedSerial(parsed.code, parsed.number);
  const [set] = await db
    .select({ cards: printedCardSets.cards })
    .from(printedCardSets)
    .where(and(eq(printedCardSets.code, parsed.code), eq(printedCardSets.roomId, roomId)))
    .limit(1);
  const card = (set?.cards as BingoCard[] | undefined)?.[parsed.number - 1] ?? null;
  const round = await currentRound(db, roomId);
  if (!card) {
    return {
      result: 'unknown',
      serial,
      card: null,
      calledCount: round?.rolls.length ?? 0,
      currentPrize: 0,
      prizes: [],
    };
  }
  if (!round) throw conflict(message('printedCards.noGame'));
  const prizes = checkPrizes(round.prizes, card, round.rolls);
  const currentPrize = Math.min(round.prizeIndex, round.prizes.length - 1);
  return {
    result: prizes[currentPrize]!.wins ? 'bingo' : 'not_bingo',
    serial,
    card,
    calledCount: round.rolls.length,
    currentPrize,
    prizes,
  };
}
