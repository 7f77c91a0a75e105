import type { AuthzRow } from './core';
import { EVERYONE, enc, STAFF, SUPER, scopedGet, unscopedGet } from './core';

const orgFigure = (figure: string) =>
  scopedGet(`/insights/org/:org/${figure}`, STAFF, (side) => `/insights/org/${enc(side.org.name)}/${figure}`);

/**
 * Insights: an organization's figures for its staff (a facilitator's own games, checked in
 * insights/insights.test.ts), the product's for the super admin, a player's own history for anyone.
 */
export const insightsRows: AuthzRow[] = [
  ...['summary', 'games', 'questions', 'content', 'bingo', 'weeks'].map(orgFigure),
  scopedGet(
    '/insights/org/:org/export/:figure',
    STAFF,
    (side) => `/insights/org/${enc(side.org.name)}/export/questions`,
  ),
  unscopedGet('/insights/product', SUPER),
  unscopedGet('/insights/product/export/:figure', SUPER, '/insights/product/export/months'),
  unscopedGet('/insights/me', EVERYONE),
];
