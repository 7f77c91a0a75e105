import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Stack, VisuallyHidden } from '@mantine/core';
import type { GameAnswer, QuestionTally as Tally } from '@playshop/shared';
import { optionLabel, QUESTION_TEXTS } from './question-texts';

const shorten = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The live tally of a question as a bar chart: one bar per option, in the question's order, the
 * correct one green once revealed. The facilitator's screen and the presenter view both draw it;
 * a hidden table says the same for screen readers.
 */
export function QuestionTally({
  options,
  tally,
  correct = null,
  height = 220,
  labelWidth = 160,
}: {
  options: Pick<GameAnswer, 'id' | 'name'>[];
  tally: Tally | null;
  /** The correct answer's id, once revealed. */
  correct?: number | null;
  height?: number;
  /** Width of the option labels beside the bars, in px. */
  labelWidth?: number;
}) {
  const counts = new Map((tally ?? []).map((t) => [t.answerId, t.count]));
  const data = options.map((option, i) => ({
    id: option.id,
    answer: optionLabel(option, i),
    count: counts.get(option.id) ?? 0,
    color: correct === null ? 'blue.7' : option.id === correct ? 'teal.7' : 'gray.5',
  }));
  const longest = Math.max(4, Math.floor(labelWidth / 8));
  return (
    <Stack gap={4}>
      <div aria-hidden>
        <BarChart
          h={height}
          data={data}
          dataKey="answer"
          orientation="vertical"
          series={[{ name: 'count', label: QUESTION_TEXTS.tallyLabel, color: 'blue.7' }]}
          withBarValueLabel
          withTooltip={false}
          gridAxis="none"
          tickLine="none"
          yAxisProps={{ width: labelWidth, tickFormatter: (v: string) => shorten(v, longest) }}
          xAxisProps={{ allowDecimals: false }}
          maxBarWidth={48}
          barChartProps={{ accessibilityLayer: false }}
        />
      </div>
      <VisuallyHidden>
        <table>
          <caption>{QUESTION_TEXTS.tallyLabel}</caption>
          <tbody>
            {data.map((d) => (
              <tr key={d.id}>
                <th scope="row">{d.answer}</th>
                <td>{d.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Stack>
  );
}
