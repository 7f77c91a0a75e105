import { Paper, Switch, Title } from '@mantine/core';
import type { PointsTable } from '@playshop/shared';
import { useT } from '../../../i18n/locale-provider';
import { PointsTableView } from '../shared/points-table';
import { QUESTION_TEXTS } from '../shared/question-texts';

/**
 * The round's points (1 per correct answer revealed, 5 per bingo win), as the server counts them,
 * and the switch that puts the table on every screen.
 */
export function PointsPanel({
  points,
  onShow,
}: {
  points: PointsTable | null;
  onShow: (shown: boolean) => void;
}) {
  const t = useT();
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz="lg" mb="sm">
        {QUESTION_TEXTS.points}
      </Title>
      <Switch
        mb="sm"
        label={t('gameControl.showPoints')}
        checked={points?.shown ?? false}
        onChange={(e) => onShow(e.currentTarget.checked)}
      />
      <PointsTableView points={points} />
    </Paper>
  );
}
