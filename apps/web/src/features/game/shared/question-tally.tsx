import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Stack, Table, VisuallyHidden } from '@mantine/core';
import type { GameAnswer, QuestionTally as Tally } from '@playshop/shared';
import { IconCheck } from '@tabler/icons-react';
import { useT } from '../../../i18n/locale-provider';
import { optionLabel, optionLetter, QUESTION_TEXTS } from './question-texts';

interface TallyRow {
  id: number;
  letter: string;
  answer: string;
  count: number;
  isCorrect: boolean;
}

/** The options with their counts: beside the chart, or read by screen readers alone. */
function TallyTable({ rows, size }: { rows: TallyRow[]; size: 'sm' | 'lg' }) {
  const t = useT();
  const fz = size === 'lg' ? 'xl' : 'sm';
  return (
    <Table verticalSpacing={2} withRowBorders={false} fz={fz}>
      <VisuallyHidden component="caption">{QUESTION_TEXTS.tallyLabel}</VisuallyHidden>
      <Table.Tbody>
        {rows.map((d) => (
          <Table.Tr key={d.id} fw={d.isCorrect ? 700 : undefined}>
            <Table.Th scope="row" w={size === 'lg' ? 48 : 28}>
              {d.letter}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {d.answer}
              {d.isCorrect && (
                <>
                  {' '}
                  <IconCheck size={16} aria-hidden style={{ verticalAlign: 'middle' }} />
                  <VisuallyHidden>({t('question.correct')})</VisuallyHidden>
                </>
              )}
            </Table.Td>
            <Table.Td ta="right" fw={700}>
              {d.count}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The live tally of a question: a bar chart with one bar per option (lettered as on the players'
 * phones), the correct one green once revealed, and the options with their counts beside it. The
 * facilitator's screen and the presenter view both draw it; `size` scales it for a projector.
 */
export function QuestionTally({
  options,
  tally,
  correct = null,
  height = 200,
  size = 'sm',
  tickPx,
  withTable = true,
}: {
  options: Pick<GameAnswer, 'id' | 'name'>[];
  tally: Tally | null;
  /** The correct answer's id, once revealed. */
  correct?: number | null;
  /** Pixels, or a CSS length such as '100%' in a box of known height (the presenter's). */
  height?: number | string;
  size?: 'sm' | 'lg';
  /** The axes' type in px, overriding `size`'s: the presenter's follows the screen (readable at 10 m). */
  tickPx?: number;
  /** Without the table beside the chart (the presenter lists the answers itself); screen readers still get it. */
  withTable?: boolean;
}) {
  const counts = new Map((tally ?? []).map((t) => [t.answerId, t.count]));
  const data = options.map((option, i) => ({
    id: option.id,
    letter: optionLetter(i),
    answer: optionLabel(option, i),
    count: counts.get(option.id) ?? 0,
    isCorrect: correct === option.id,
    color: correct === null ? 'blue.7' : option.id === correct ? 'teal.7' : 'gray.5',
  }));
  const tick = tickPx ?? (size === 'lg' ? 24 : 14);
  const table = <TallyTable rows={data} size={size} />;
  return (
    <Stack gap="xs" h={typeof height === 'string' ? height : undefined}>
      <div aria-hidden style={typeof height === 'string' ? { flex: 1, minBlockSize: 0 } : undefined}>
        <BarChart
          h={typeof height === 'string' ? '100%' : height}
          data={data}
          dataKey="letter"
          orientation="vertical"
          series={[{ name: 'count', label: QUESTION_TEXTS.tallyLabel, color: 'blue.7' }]}
          withTooltip={false}
          gridAxis="none"
          tickLine="none"
          // Mantine's axes set their own 12 px tick: the whole tick is replaced to size it.
          yAxisProps={{
            width: Math.round(tick * 2),
            tick: { transform: 'translate(-10, 0)', fontSize: tick, fontWeight: 700, fill: 'currentColor' },
          }}
          xAxisProps={{
            allowDecimals: false,
            height: Math.round(tick * 2),
            tick: { transform: 'translate(0, 10)', fontSize: tick, fill: 'currentColor' },
          }}
          maxBarWidth={Math.max(40, tick * 3)}
          // The table below is what assistive technology reads: the chart takes no focus.
          barChartProps={{ accessibilityLayer: false }}
        />
      </div>
      {withTable ? table : <VisuallyHidden>{table}</VisuallyHidden>}
    </Stack>
  );
}
