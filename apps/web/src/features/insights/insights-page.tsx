import '@mantine/charts/styles.css';
import { Alert, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { can, type InsightsFigure, type InsightsFilter, type InsightsRange } from '@playshop/shared';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useCurrentUser } from '../../auth/auth-provider';
import { useT } from '../../i18n/locale-provider';
import { PageTitle } from '../../ui/page-title';
import { downloadInsightsCsv, useInsightsFigure, useProductInsights } from './insights-api';
import { BingoFigure, ContentFigure, QuestionsFigure, SummaryFigure, WeeksFigure } from './org-figures';
import { ProductInsights } from './product-insights';

type Choice = { id: number; name: string };
const choices = (list: Choice[] | undefined) =>
  (list ?? []).map((o) => ({ value: String(o.id), label: o.name }));

/** The page's narrowing: dates typed, workshop, room and facilitator chosen from what the range holds. */
function useInsightsFilter() {
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
  const dates = [
    { label: 'insights.from', value: from, set: setFrom },
    { label: 'insights.to', value: to, set: setTo },
  ] as const;
  const picks = [
    { label: 'insights.workshop', options: 'workshops', value: workshopId, set: setWorkshopId },
    { label: 'insights.room', options: 'rooms', value: roomId, set: setRoomId },
    { label: 'insights.facilitator', options: 'facilitators', value: facilitatorId, set: setFacilitatorId },
  ] as const;
  /** Another organization's workshops, rooms and facilitators are not this one's. */
  const clearPicks = () => {
    for (const p of picks) p.set(null);
  };
  return { from, to, filter, dates, picks, clearPicks };
}

/**
 * Whose figures the page shows: the organization in its address; for the super admin, whose own
 * organization runs no games, the most active organization of the range until they pick another
 * (docs/decisions.md, "Insights"). '' while the product figures that decide it are loading.
 */
function useShownOrg(pageOrg: string, superAdmin: boolean, range: InsightsRange) {
  const [picked, setPicked] = useState<string | null>(null);
  const product = useProductInsights(range, superAdmin);
  if (!superAdmin) return { org: pageOrg, setPicked, names: null };
  const names = product.data?.organizations.map((o) => o.name) ?? [];
  const busiest = product.data?.organizations.find((o) => o.games > 0)?.name;
  const decided = product.data !== undefined || product.error !== null;
  return { org: picked ?? busiest ?? (decided ? pageOrg : ''), setPicked, names };
}

/**
 * `{org}/admin/insights`: what worked across the organization's games in a date range, narrowed by
 * workshop, room and facilitator (docs/guide.md explains each figure). Each chart has its table
 * beside it and its CSV export.
 */
export function InsightsPage() {
  const t = useT();
  const user = useCurrentUser();
  const superAdmin = can(user?.role, 'readOverviewDashboard');
  const { from, to, filter, dates, picks, clearPicks } = useInsightsFilter();
  const range: InsightsRange = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  const shown = useShownOrg(useParams().org ?? '', superAdmin, range);
  const org = shown.org;
  const summary = useInsightsFigure('summary', org, filter);
  const weeks = useInsightsFigure('weeks', org, filter);
  const questions = useInsightsFigure('questions', org, filter);
  const content = useInsightsFigure('content', org, filter);
  const bingo = useInsightsFigure('bingo', org, filter);
  const s = summary.data;
  const error = [summary, weeks, questions, content, bingo].find((q) => q.error)?.error;
  const exportAs = (figure: InsightsFigure) => () => void downloadInsightsCsv(org, figure, filter);

  return (
    <Stack gap="lg">
      <PageTitle>{t('insights.title')}</PageTitle>
      <Group align="flex-end" gap="sm">
        {shown.names && (
          <Select
            label={t('insights.showOrganization')}
            searchable
            data={shown.names}
            value={org || null}
            allowDeselect={false}
            onChange={(name) => {
              if (!name) return;
              shown.setPicked(name);
              clearPicks();
            }}
          />
        )}
        {dates.map((d) => (
          <TextInput
            key={d.label}
            label={t(d.label)}
            type="date"
            value={d.value}
            onChange={(e) => d.set(e.currentTarget.value)}
          />
        ))}
        {picks.map((p) => (
          <Select
            key={p.label}
            label={t(p.label)}
            clearable
            data={choices(s?.options[p.options])}
            value={p.value}
            onChange={p.set}
          />
        ))}
      </Group>
      {error && <Alert color="red">{error.message}</Alert>}
      {s && <SummaryFigure data={s} onExport={exportAs('summary')} />}
      {s && s.games === 0 && <Text c="dimmed">{t('insights.empty')}</Text>}
      {weeks.data && weeks.data.weeks.length > 0 && (
        <WeeksFigure data={weeks.data} onExport={exportAs('weeks')} />
      )}
      {questions.data && questions.data.questions.length > 0 && (
        <QuestionsFigure data={questions.data} onExport={exportAs('questions')} />
      )}
      {content.data && content.data.items.length > 0 && (
        <ContentFigure data={content.data} onExport={exportAs('content')} />
      )}
      {bingo.data && bingo.data.patterns.length > 0 && (
        <BingoFigure data={bingo.data} onExport={exportAs('bingo')} />
      )}
      {/* The super admin also sees the product's figures, for the same dates. */}
      {superAdmin && <ProductInsights from={from} to={to} />}
    </Stack>
  );
}
