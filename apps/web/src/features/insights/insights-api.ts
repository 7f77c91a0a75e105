import {
  INSIGHTS_API,
  type InsightsFigure,
  type InsightsFilter,
  type InsightsRange,
  type ProductFigure,
} from '@playshop/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/api';
import { callPath } from '../../api/client';
import { downloadFile } from '../../api/download-file';

/** Query keys of the Insights figures and a player's own history. */
export const insightsKeys = {
  all: ['insights'] as const,
  figure: (figure: string, org: string, filter: InsightsFilter) => ['insights', figure, org, filter] as const,
  product: (range: InsightsRange) => ['insights', 'product', range] as const,
};

type FigureInput = { params: { org: string }; query: InsightsFilter };
const figures = {
  summary: (input: FigureInput, signal: AbortSignal) => api.call(INSIGHTS_API.summary, input, { signal }),
  weeks: (input: FigureInput, signal: AbortSignal) => api.call(INSIGHTS_API.weeks, input, { signal }),
  questions: (input: FigureInput, signal: AbortSignal) => api.call(INSIGHTS_API.questions, input, { signal }),
  content: (input: FigureInput, signal: AbortSignal) => api.call(INSIGHTS_API.content, input, { signal }),
  bingo: (input: FigureInput, signal: AbortSignal) => api.call(INSIGHTS_API.bingo, input, { signal }),
};

/** One figure for the page's filters (the previous range stays on screen while the next loads). */
export function useInsightsFigure<F extends keyof typeof figures>(
  figure: F,
  org: string,
  filter: InsightsFilter,
) {
  type Figure = Awaited<ReturnType<(typeof figures)[F]>>;
  return useQuery<Figure, Error, Figure, ReturnType<typeof insightsKeys.figure>>({
    queryKey: insightsKeys.figure(figure, org, filter),
    // No organization yet: the super admin's page is still choosing which to show.
    enabled: org !== '',
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => figures[figure]({ params: { org }, query: filter }, signal) as Promise<Figure>,
  });
}

/** One figure as a CSV file, saved by the browser. */
export function downloadInsightsCsv(org: string, figure: InsightsFigure, filter: InsightsFilter) {
  return downloadFile(
    callPath(INSIGHTS_API.export, { params: { org, figure }, query: filter }),
    `insights-${figure}.csv`,
  );
}

/** The super admin's figures across the product for a date range. */
export function useProductInsights(range: InsightsRange, enabled = true) {
  return useQuery({
    queryKey: insightsKeys.product(range),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api.call(INSIGHTS_API.product, { query: range }, { signal }),
  });
}

/** One product figure as a CSV file, saved by the browser. */
export function downloadProductCsv(figure: ProductFigure, range: InsightsRange) {
  return downloadFile(
    callPath(INSIGHTS_API.productExport, { params: { figure }, query: range }),
    `insights-product-${figure}.csv`,
  );
}
