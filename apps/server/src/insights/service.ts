import { INSIGHTS_GAME_ROWS, type InsightsFilter } from '@playshop/shared';
import type { Db } from '../db/client';
import type { Actor } from '../http/actor';
import { bingo, content, games, questions, summary, weeks } from './org-figures';
import { playerHistory } from './player-history';
import { product } from './product';
import type { Projector } from './projector';
import { type Figures, figuresSource, type GamesInScope } from './scope';

type OrgFigure<R> = (figures: Figures, games: GamesInScope) => Promise<R>;

/**
 * Insights' figures: an organization's (org-figures.ts), the product's (product.ts) and a player's own
 * (player-history.ts); whose games each counts is scope.ts's insightsScope.
 */
export function insightsService(db: Db, projector: Projector, clock: () => Date = () => new Date()) {
  const figures = figuresSource(db, projector, clock);
  const orgFigure =
    <R>(read: OrgFigure<R>) =>
    async (actor: Actor, orgName: string, filter: InsightsFilter) =>
      read(figures, await figures.scopedGames(actor, orgName, filter));
  return {
    summary: orgFigure(summary),
    /** The latest games, or every one (`all`, for the export). */
    games: async (actor: Actor, orgName: string, filter: InsightsFilter, all = false) =>
      games(figures, await figures.scopedGames(actor, orgName, filter), all ? null : INSIGHTS_GAME_ROWS),
    questions: orgFigure(questions),
    content: orgFigure(content),
    bingo: orgFigure(bingo),
    weeks: orgFigure(weeks),
    product: (range: { from?: string; to?: string }) => product(figures, range),
    me: (actor: Actor) => playerHistory(figures, actor),
  };
}

export type InsightsService = ReturnType<typeof insightsService>;
