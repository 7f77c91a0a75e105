import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  INSIGHTS_TEXTS,
  type InsightsFigure,
  type InsightsFilter,
  WIN_PATTERN_NAMES,
  type WinPatternKind,
} from '@playshop/shared';
import { IconDownload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useParams } from 'react-router';
import { PageTitle } from '../../ui/page-title';
import { downloadInsightsCsv, useInsightsFigure } from './insights-api';
import { ScrollBox } from './scroll-box';

const percent = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)}%`);
const patternName = (kind: string) => WIN_PATTERN_NAMES[kind as WinPatternKind] ?? kind;
const num = (n: number | null) => (n === null ? '–' : String(n));

/** A figure: its title, its export, the chart and the table beside it (the table is the chart for screen readers). */
function Figure({
  title,
  figure,
  org,
  filter,
  chart,
  table,
}: {
  title: string;
  figure: InsightsFigure;
  org: string;
  filter: InsightsFilter;
  chart?: ReactNode;
  table: ReactNode;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconDownload size={14} aria-hidden />}
          aria-label={`${INSIGHTS_TEXTS.exportCsv}: ${title}`}
          onClick={() => void downloadInsightsCsv(org, figure, filter)}
        >
          {INSIGHTS_TEXTS.exportCsv}
        </Button>
      </Group>
      {chart ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <div aria-hidden>{chart}</div>
          <ScrollBox label={title}>{table}</ScrollBox>
        </SimpleGrid>
      ) : (
        <ScrollBox label={title}>{table}</ScrollBox>
      )}
    </Paper>
  );
}

function SimpleTable({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <Table striped fz="sm">
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {head.map((h) => (
            <Table.Th key={h}>{h}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((cells, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional and never reordered
          <Table.Tr key={i}>
            {cells.map((c, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
              <Table.Td key={j}>{c}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * `{org}/admin/insights`: what worked across the organization's games in a date range, narrowed by
 * workshop, room and facilitator (docs/guide.md explains each figure). Each chart has its table
 * beside it and its CSV export.
 */
export function InsightsPage() {
  const org = useParams().org ?? '';
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
      <PageTitle>{INSIGHTS_TEXTS.title}</PageTitle>
      <Group align="flex-end" gap="sm">
        <TextInput label="From" type="date" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        <TextInput label="To" type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        <Select
          label="Workshop"
          clearable
          data={choices(s?.options.workshops)}
          value={workshopId}
          onChange={setWorkshopId}
        />
        <Select label="Room" clearable data={choices(s?.options.rooms)} value={roomId} onChange={setRoomId} />
        <Select
          label="Facilitator"
          clearable
          data={choices(s?.options.facilitators)}
          value={facilitatorId}
          onChange={setFacilitatorId}
        />
      </Group>
      {error && <Alert color="red">{error.message}</Alert>}
      {s && (
        <Figure
          title={`Games ${s.from} to ${s.to}`}
          figure="summary"
          org={org}
          filter={filter}
          table={
            <SimpleTable
              caption="Games, players and attendance"
              head={[
                'Games run',
                'Players per game',
                'Winners per game',
                'Attended / invited',
                'Guests',
                'Left before the end',
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
      {s && s.games === 0 && <Text c="dimmed">{INSIGHTS_TEXTS.empty}</Text>}
      {weeks.data && weeks.data.weeks.length > 0 && (
        <Figure
          title="By week"
          figure="weeks"
          org={org}
          filter={filter}
          chart={
            <LineChart
              h={240}
              data={weeks.data.weeks}
              dataKey="week"
              series={[
                { name: 'games', label: 'Games', color: 'blue.7' },
                { name: 'players', label: 'Players', color: 'teal.7' },
                { name: 'leftEarly', label: 'Left early', color: 'red.7' },
              ]}
              withLegend
            />
          }
          table={
            <SimpleTable
              caption="By week (weeks start on Monday)"
              head={['Week', 'Games', 'Players', 'Left early', 'Answers', 'Right']}
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
          title="Questions"
          figure="questions"
          org={org}
          filter={filter}
          chart={
            <BarChart
              h={Math.max(160, questions.data.questions.length * 32)}
              orientation="vertical"
              data={questions.data.questions.map((q) => ({
                title: q.title,
                right: Math.round((q.shareRight ?? 0) * 100),
              }))}
              dataKey="title"
              series={[{ name: 'right', label: '% right', color: 'teal.7' }]}
              yAxisProps={{ width: 120 }}
              xAxisProps={{ domain: [0, 100] }}
            />
          }
          table={
            <SimpleTable
              caption="Per question"
              head={['Question', 'Asked', 'Answers', 'Right', 'Wrong answer chosen most', 'Seconds']}
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
          title="Sessions and content"
          figure="content"
          org={org}
          filter={filter}
          table={
            <SimpleTable
              caption="Per session and content item"
              head={['Session', 'Content', 'Type', 'Times sent', 'Players present']}
              rows={content.data.items.map((c) => [c.session ?? '–', c.title, c.type, c.sent, c.meanPresent])}
            />
          }
        />
      )}
      {bingo.data && bingo.data.patterns.length > 0 && (
        <Figure
          title="Bingo"
          figure="bingo"
          org={org}
          filter={filter}
          chart={
            <BarChart
              h={200}
              data={bingo.data.patterns.map((p) => ({ ...p, pattern: patternName(p.pattern) }))}
              dataKey="pattern"
              series={[{ name: 'meanBalls', label: 'Balls to first win', color: 'blue.7' }]}
            />
          }
          table={
            <SimpleTable
              caption="Balls to the first win per pattern"
              head={['Pattern', 'First wins', 'Mean balls', 'Fewest', 'Most']}
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
    </Stack>
  );
}
