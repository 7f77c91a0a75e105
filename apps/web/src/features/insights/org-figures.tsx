import { BarChart, LineChart } from '@mantine/charts';
import {
  type InsightsBingo,
  type InsightsContent,
  type InsightsQuestions,
  type InsightsSummary,
  type InsightsWeeks,
  WIN_PATTERN_NAMES,
  type WinPatternKind,
} from '@playshop/shared';
import { type StaffMessageId, t as say } from '../../i18n/i18n';
import { useT } from '../../i18n/locale-provider';
import { FigureCard, gamesAndPlayers } from './figure';

/** The organization's figures on the Insights page, each a chart (where one helps) and its table. */

const percent = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)}%`);
const PATTERN_KEYS: Record<WinPatternKind, StaffMessageId> = {
  any_line: 'insights.patternAnyLine',
  two_lines: 'insights.patternTwoLines',
  four_corners: 'insights.patternFourCorners',
  x: 'insights.patternX',
  frame: 'insights.patternFrame',
  full_house: 'insights.patternFullHouse',
  custom: 'insights.patternCustom',
};
const patternName = (kind: string) =>
  kind in WIN_PATTERN_NAMES ? say(PATTERN_KEYS[kind as WinPatternKind]) : kind;
const num = (n: number | null) => (n === null ? '–' : String(n));

export function SummaryFigure({ data, onExport }: { data: InsightsSummary; onExport: () => void }) {
  const t = useT();
  return (
    <FigureCard
      title={t('insights.gamesRange', { from: data.from, to: data.to })}
      onExport={onExport}
      caption={t('insights.summaryCaption')}
      columns={[
        [t('insights.gamesRun'), (r) => r.games],
        [t('insights.playersPerGame'), (r) => num(r.playersPerGame)],
        [t('insights.winnersPerGame'), (r) => num(r.winnersPerGame)],
        [t('insights.attendedInvited'), (r) => `${r.attendance.attended} / ${r.attendance.invited}`],
        [t('insights.guests'), (r) => r.attendance.guests],
        [t('insights.leftBeforeEnd'), (r) => `${r.leftEarly} (${percent(r.leftEarlyShare)})`],
      ]}
      rows={[data]}
    />
  );
}

export function WeeksFigure({ data, onExport }: { data: InsightsWeeks; onExport: () => void }) {
  const t = useT();
  return (
    <FigureCard
      title={t('insights.byWeek')}
      onExport={onExport}
      chart={
        <LineChart
          h={240}
          data={data.weeks}
          dataKey="week"
          series={[
            ...gamesAndPlayers(t),
            { name: 'leftEarly', label: t('insights.leftEarly'), color: 'red.7' },
          ]}
          withLegend
        />
      }
      caption={t('insights.byWeekCaption')}
      columns={[
        [t('insights.week'), (w) => w.week],
        [t('insights.games'), (w) => w.games],
        [t('insights.players'), (w) => w.players],
        [t('insights.leftEarly'), (w) => w.leftEarly],
        [t('insights.answers'), (w) => w.answers],
        [t('insights.right'), (w) => percent(w.shareRight)],
      ]}
      rows={data.weeks}
    />
  );
}

export function QuestionsFigure({ data, onExport }: { data: InsightsQuestions; onExport: () => void }) {
  const t = useT();
  return (
    <FigureCard
      title={t('insights.questions')}
      onExport={onExport}
      chart={
        <BarChart
          h={Math.max(160, data.questions.length * 32)}
          orientation="vertical"
          data={data.questions.map((q) => ({
            title: q.title,
            right: Math.round((q.shareRight ?? 0) * 100),
          }))}
          dataKey="title"
          series={[{ name: 'right', label: t('insights.percentRight'), color: 'teal.7' }]}
          yAxisProps={{ width: 120 }}
          xAxisProps={{ domain: [0, 100] }}
        />
      }
      caption={t('insights.perQuestion')}
      columns={[
        [t('insights.question'), (q) => q.question],
        [t('insights.asked'), (q) => q.asked],
        [t('insights.present'), (q) => q.present],
        [t('insights.answers'), (q) => q.answers],
        [t('insights.presentNoAnswer'), (q) => q.unanswered],
        [t('insights.right'), (q) => percent(q.shareRight)],
        [
          t('insights.wrongMost'),
          (q) => (q.mostChosenWrong ? `${q.mostChosenWrong.answer} (${q.mostChosenWrong.players})` : '–'),
        ],
        [t('insights.seconds'), (q) => num(q.meanSeconds)],
      ]}
      rows={data.questions}
    />
  );
}

export function ContentFigure({ data, onExport }: { data: InsightsContent; onExport: () => void }) {
  const t = useT();
  return (
    <FigureCard
      title={t('insights.sessionsContent')}
      onExport={onExport}
      caption={t('insights.perSessionContent')}
      columns={[
        [t('insights.session'), (c) => c.session ?? '–'],
        [t('insights.content'), (c) => c.title],
        [t('insights.type'), (c) => c.type],
        [t('insights.timesSent'), (c) => c.sent],
        [t('insights.playersPresent'), (c) => c.meanPresent],
      ]}
      rows={data.items}
    />
  );
}

export function BingoFigure({ data, onExport }: { data: InsightsBingo; onExport: () => void }) {
  const t = useT();
  return (
    <FigureCard
      title={t('insights.bingo')}
      onExport={onExport}
      chart={
        <BarChart
          h={200}
          data={data.patterns.map((p) => ({ ...p, pattern: patternName(p.pattern) }))}
          dataKey="pattern"
          series={[{ name: 'meanBalls', label: t('insights.ballsToFirstWin'), color: 'blue.7' }]}
        />
      }
      caption={t('insights.ballsPerPattern')}
      columns={[
        [t('insights.pattern'), (p) => patternName(p.pattern)],
        [t('insights.firstWins'), (p) => p.firstWins],
        [t('insights.meanBalls'), (p) => p.meanBalls],
        [t('insights.fewest'), (p) => p.minBalls],
        [t('insights.most'), (p) => p.maxBalls],
      ]}
      rows={data.patterns}
    />
  );
}
