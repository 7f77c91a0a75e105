import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Alert, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { can, type InsightsFilter, WIN_PATTERN_NAMES, type WinPatternKind } from '@playshop/shared';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useCurrentUser } from '../../auth/auth-provider';
import { type StaffMessageId, t as say } from '../../i18n/i18n';
import { useT } from '../../i18n/locale-provider';
import { PageTitle } from '../../ui/page-title';
import { Figure, SimpleTable } from './figure';
import { downloadInsightsCsv, useInsightsFigure } from './insights-api';
import { ProductInsights } from './product-insights';

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

/**
 * `{org}/admin/insights`: what worked across the organization's games in a date range, narrowed by
 * workshop, room and facilitator (docs/guide.md explains each figure). Each chart has its table
 * beside it and its CSV export.
 */
export function InsightsPage() {
  const t = useT();
  const org = useParams().org ?? '';
  const user = useCurrentUser();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [workshopId, setWorkshopId] = useState<string | null>(null);
  const [roomId, setRoomId] = useState<string | null>(null);
  const [facilitatorId, setFacilitatorId] = useState<string | null>(null);
  const filter: InsightsFilter = {
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(workshopId ? { workshopId: Number(workshopId) } : {}),
    ...(roomId ? { roomId: Number(roomId) } : {}),
    ...(facilitatorId ? { facilitatorId: Number(facilitatorId) } : {}),
  };
  const summary = useInsightsFigure('summary', org, filter);
  const weeks = useInsightsFigure('weeks', org, filter);
  const questions = useInsightsFigure('questions', org, filter);
  const content = useInsightsFigure('content', org, filter);
  const bingo = useInsightsFigure('bingo', org, filter);
  const s = summary.data;
  const choices = (list: { id: number; name: string }[] | undefined) =>
    (list ?? []).map((o) => ({ value: String(o.id), label: o.name }));
  const error = [summary, weeks, questions, content, bingo].find((q) => q.error)?.error;

  return (
    <Stack gap="lg">
      <PageTitle>{t('insights.title')}</PageTitle>
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t('insights.from')}
          type="date"
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
        />
        <TextInput
          label={t('insights.to')}
          type="date"
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
        />
        <Select
          label={t('insights.workshop')}
          clearable
          data={choices(s?.options.workshops)}
          value={workshopId}
          onChange={setWorkshopId}
        />
        <Select
          label={t('insights.room')}
          clearable
          data={choices(s?.options.rooms)}
          value={roomId}
          onChange={setRoomId}
        />
        <Select
          label={t('insights.facilitator')}
          clearable
          data={choices(s?.options.facilitators)}
          value={facilitatorId}
          onChange={setFacilitatorId}
        />
      </Group>
      {error && <Alert color="red">{error.message}</Alert>}
      {s && (
        <Figure
          title={t('insights.gamesRange', { from: s.from, to: s.to })}
          onExport={() => void downloadInsightsCsv(org, 'summary', filter)}
          table={
            <SimpleTable
              caption={t('insights.summaryCaption')}
              head={[
                t('insights.gamesRun'),
                t('insights.playersPerGame'),
                t('insights.winnersPerGame'),
                t('insights.attendedInvited'),
                t('insights.guests'),
                t('insights.leftBeforeEnd'),
              ]}
              rows={[
                [
                  s.games,
                  num(s.playersPerGame),
                  num(s.winnersPerGame),
                  `${s.attendance.attended} / ${s.attendance.invited}`,
                  s.attendance.guests,
                  `${s.leftEarly} (${percent(s.leftEarlyShare)})`,
                ],
              ]}
            />
          }
        />
      )}
      {s && s.games === 0 && <Text c="dimmed">{t('insights.empty')}</Text>}
      {weeks.data && weeks.data.weeks.length > 0 && (
        <Figure
          title={t('insights.byWeek')}
          onExport={() => void downloadInsightsCsv(org, 'weeks', filter)}
          chart={
            <LineChart
              h={240}
              data={weeks.data.weeks}
              dataKey="week"
              series={[
                { name: 'games', label: t('insights.games'), color: 'blue.7' },
                { name: 'players', label: t('insights.players'), color: 'teal.7' },
                { name: 'leftEarly', label: t('insights.leftEarly'), color: 'red.7' },
              ]}
              withLegend
            />
          }
          table={
            <SimpleTable
              caption={t('insights.byWeekCaption')}
              head={[
                t('insights.week'),
                t('insights.games'),
                t('insights.players'),
                t('insights.leftEarly'),
                t('insights.answers'),
                t('insights.right'),
              ]}
              rows={weeks.data.weeks.map((w) => [
                w.week,
                w.games,
                w.players,
                w.leftEarly,
                w.answers,
                percent(w.shareRight),
              ])}
            />
          }
        />
      )}
      {questions.data && questions.data.questions.length > 0 && (
        <Figure
          title={t('insights.questions')}
          onExport={() => void downloadInsightsCsv(org, 'questions', filter)}
          chart={
            <BarChart
              h={Math.max(160, questions.data.questions.length * 32)}
              orientation="vertical"
              data={questions.data.questions.map((q) => ({
                title: q.title,
                right: Math.round((q.shareRight ?? 0) * 100),
              }))}
              dataKey="title"
              series={[{ name: 'right', label: t('insights.percentRight'), color: 'teal.7' }]}
              yAxisProps={{ width: 120 }}
              xAxisProps={{ domain: [0, 100] }}
            />
          }
          table={
            <SimpleTable
              caption={t('insights.perQuestion')}
              head={[
                t('insights.question'),
                t('insights.asked'),
                t('insights.answers'),
                t('insights.right'),
                t('insights.wrongMost'),
                t('insights.seconds'),
              ]}
              rows={questions.data.questions.map((q) => [
                q.question,
                q.asked,
                q.answers,
                percent(q.shareRight),
                q.mostChosenWrong ? `${q.mostChosenWrong.answer} (${q.mostChosenWrong.players})` : '–',
                num(q.meanSeconds),
              ])}
            />
          }
        />
      )}
      {content.data && content.data.items.length > 0 && (
        <Figure
          title={t('insights.sessionsContent')}
          onExport={() => void downloadInsightsCsv(org, 'content', filter)}
          table={
            <SimpleTable
              caption={t('insights.perSessionContent')}
              head={[
                t('insights.session'),
                t('insights.content'),
                t('insights.type'),
                t('insights.timesSent'),
                t('insights.playersPresent'),
              ]}
              rows={content.data.items.map((c) => [c.session ?? '–', c.title, c.type, c.sent, c.meanPresent])}
            />
          }
        />
      )}
      {bingo.data && bingo.data.patterns.length > 0 && (
        <Figure
          title={t('insights.bingo')}
          onExport={() => void downloadInsightsCsv(org, 'bingo', filter)}
          chart={
            <BarChart
              h={200}
              data={bingo.data.patterns.map((p) => ({ ...p, pattern: patternName(p.pattern) }))}
              dataKey="pattern"
              series={[{ name: 'meanBalls', label: t('insights.ballsToFirstWin'), color: 'blue.7' }]}
            />
          }
          table={
            <SimpleTable
              caption={t('insights.ballsPerPattern')}
              head={[
                t('insights.pattern'),
                t('insights.firstWins'),
                t('insights.meanBalls'),
                t('insights.fewest'),
                t('insights.most'),
              ]}
              rows={bingo.data.patterns.map((p) => [
                patternName(p.pattern),
                p.firstWins,
                p.meanBalls,
                p.minBalls,
                p.maxBalls,
              ])}
            />
          }
        />
      )}
      {/* The super admin also sees the product's figures, for the same dates. */}
      {can(user?.role, 'readOverviewDashboard') && <ProductInsights from={from} to={to} />}
    </Stack>
  );
}
