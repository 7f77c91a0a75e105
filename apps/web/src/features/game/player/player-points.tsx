import { Text } from '@mantine/core';
import type { PointsTable } from '@playshop/shared';
import { lazy, Suspense } from 'react';
import { QUESTION_TEXTS } from '../shared/question-texts';

// On a player's phone the points table loads when the facilitator first shows points, not with the
// game screen (issue 11, docs/performance.md). The presenter and the facilitator's panel import
// PointsTableView directly.
const PointsTableView = lazy(() =>
  import('../shared/points-table').then((m) => ({ default: m.PointsTableView })),
);

/** PointsTableView for the player's game screen: 'No points yet' at once, the table when loaded. */
export function PlayerPointsTable({ points }: { points: PointsTable }) {
  if (points.rows.every((r) => r.points === 0)) return <Text c="dimmed">{QUESTION_TEXTS.noPoints}</Text>;
  return (
    <Suspense fallback={<Text c="dimmed">{QUESTION_TEXTS.loadingPoints}</Text>}>
      <PointsTableView points={points} />
    </Suspense>
  );
}
