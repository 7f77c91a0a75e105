import { BarChart } from '@mantine/charts';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { INSIGHTS_LICENCE_DAYS, type InsightsRange } from '@playshop/shared';
import { Figure, SimpleTable } from './figure';
import { downloadProductCsv, useProductInsights } from './insights-api';

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '–');

/**
 * The super admin's figures across the product (issue 33.2): organizations by activity, licences
 * ending, games and players per month, for the page's dates.
 */
export function ProductInsights({ from, to }: { from: string; to: string }) {
  const range: InsightsRange = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  const product = useProductInsights(range);
  const p = product.data;
  return (
    <Stack gap="lg" component="section" aria-labelledby="product-insights">
      <Title order={2} size="h3" id="product-insights">
        Across the product
      </Title>
      {product.error && <Alert color="red">{product.error.message}</Alert>}
      {p && (
        <>
          <Figure
            title="Organizations by activity"
            onExport={() => void downloadProductCsv('organizations', range)}
            table={
              <SimpleTable
                caption="Games and players per organization, most active first"
                head={['Organization', 'Games', 'Players', 'Last game']}
                rows={p.organizations.map((o) => [o.name, o.games, o.players, day(o.lastGameAt)])}
              />
            }
          />
          <Figure
            title="Licences ending"
            onExport={() => void downloadProductCsv('licences', range)}
            table={
              p.licences.length > 0 ? (
                <SimpleTable
                  caption="Organizations whose licence ends soon"
                  head={['Organization', 'Licence ends']}
                  rows={p.licences.map((l) => [l.name, day(l.expiry)])}
                />
              ) : (
                <Text c="dimmed">No licence ends in the next {INSIGHTS_LICENCE_DAYS} days</Text>
              )
            }
          />
          <Figure
            title="Games and players per month"
            onExport={() => void downloadProductCsv('months', range)}
            chart={
              <BarChart
                h={220}
                data={p.months}
                dataKey="month"
                series={[
                  { name: 'games', label: 'Games', color: 'blue.7' },
                  { name: 'players', label: 'Players', color: 'teal.7' },
                ]}
              />
            }
            table={
              <SimpleTable
                caption="Games and players per month"
                head={['Month', 'Games', 'Players']}
                rows={p.months.map((m) => [m.month, m.games, m.players])}
              />
            }
          />
        </>
      )}
    </Stack>
  );
}
