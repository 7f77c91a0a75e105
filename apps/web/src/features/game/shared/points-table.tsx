import { Text } from '@mantine/core';
import type { PointsTable } from '@playshop/shared';
import { formatNumber } from '../../../i18n/format';
import { useT } from '../../../i18n/locale-provider';
import classes from '../../../ui/plain-table.module.css';
import { QUESTION_TEXTS } from './question-texts';

/** The round's points, highest first as the server sends them; 'No points yet' while all are 0. */
export function PointsTableView({ points, size = 'sm' }: { points: PointsTable | null; size?: 'sm' | 'lg' }) {
  const rows = points?.rows ?? [];
  const t = useT();
  if (rows.every((r) => r.points === 0)) return <Text c="dimmed">{QUESTION_TEXTS.noPoints}</Text>;
  return (
    <table className={classes.table} data-size={size} aria-label={QUESTION_TEXTS.points}>
      <thead>
        <tr>
          <th>{t('screen.player')}</th>
          <th className={classes.end}>{QUESTION_TEXTS.points}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.username}>
            <td className={classes.wrap}>
              {r.username}
              <Text size={size === 'lg' ? 'md' : 'xs'} c="dark.5">
                {QUESTION_TEXTS.scoreDetail(r.correctAnswers, r.wins)}
              </Text>
            </td>
            <td className={classes.end}>{formatNumber(r.points)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
