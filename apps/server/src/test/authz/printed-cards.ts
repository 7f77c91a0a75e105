import { printedCardSets } from '../../db/schema';
import { dealUniqueCards } from '../../print/printed-cards';
import type { AuthzRow, MatrixFixture, OrgSide } from './core';
import { row, STAFF, scopedTo } from './core';

/** A stored set of two cards in the side's room. */
async function newSet(f: MatrixFixture, side: OrgSide): Promise<number> {
  const [set] = await f.database.db
    .insert(printedCardSets)
    .values({
      roomId: side.roomId,
      code: f.unique('').replace(/\W/g, '').slice(-6).toUpperCase(),
      count: 2,
      cardsPerPage: 2,
      cards: dealUniqueCards(2, (min, max) => min + Math.floor(Math.random() * (max - min))),
    })
    .returning({ id: printedCardSets.id });
  return set!.id;
}

/** A route of one stored set: `/rooms/:id/printed-card-sets/:setId/{what}`, for the staff of the room. */
function setRow(what: string): AuthzRow {
  return row('GET', `/rooms/:id/printed-card-sets/:setId/${what}`, scopedTo(STAFF), async (f, side) => ({
    url: `/rooms/${side.roomId}/printed-card-sets/${await newSet(f, side)}/${what}`,
  }));
}

export function printedCardRows(): AuthzRow[] {
  return [
    row('POST', '/rooms/:id/printed-card-sets', scopedTo(STAFF), (_f, side) => ({
      url: `/rooms/${side.roomId}/printed-card-sets`,
      payload: { count: 2, cardsPerPage: 4 },
    })),
    row('GET', '/rooms/:id/printed-card-sets', scopedTo(STAFF), (_f, side) => ({
      url: `/rooms/${side.roomId}/printed-card-sets`,
    })),
    setRow('cards'),
    setRow('pdf'),
    // A well-formed serial of no set: 'unknown' for those who may ask.
    row('POST', '/rooms/:id/printed-cards/verify', scopedTo(STAFF), (_f, side) => ({
      url: `/rooms/${side.roomId}/printed-cards/verify`,
      payload: { serial: 'ZZZZZZ-001' },
    })),
  ];
}
