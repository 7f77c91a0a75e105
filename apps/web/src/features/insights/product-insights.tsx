import { BarChart } from '@mantine/charts';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { INSIGHTS_LICENCE_DAYS, type InsightsRange } from '@playshop/shared';
import { useT } from '../../i18n/locale-provider';
import { Figure, SimpleTable } from './figure';
import { downloadProductCsv, useProductInsights } from './insights-api';

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '–');

/**
 * The super admin's figures across the product (issue 33.2): organizations by activity, licences
 * ending, games and players per month, for the page's dates.
 */
export function ProductInsights({ from, to }: { from: string; to: string }) {
  const t = useT();
  const range: InsightsRange = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  const product = useProductInsights(range);
  const p = product.data;
  return (
    <Stack gap="lg" component="section" aria-labelledby="product-insights">
      <Title order={2} size="h3" id="product-insights">
        {t('insights.acrossProduct')}
      </Title>
      {product.error && <Alert color="red">{product.error.message}</Alert>}
      {p && (
        <>
          <Figure
            title={t('insights.orgsByActivity')}
            onExport={() => void downloadProductCsv('organizations', range)}
            table={
              <SimpleTable
                caption={t('insights.orgsByActivityCaption')}
                head={[
                  t('insights.organization'),
                  t('insights.games'),
                  t('insights.players'),
                  t('insights.lastGame'),
                ]}
                rows={p.organizations.map((o) => [o.name, o.games, o.players, day(o.lastGameAt)])}
              />
            }
          />
          <Figure
            title={t('insights.licencesEnding')}
            onExport={() => void downloadProductCsv('licences', range)}
            table={
              p.licences.length > 0 ? (
                <SimpleTable
                  caption={t('insights.licencesEndingCaption')}
                  head={[t('insights.organization'), t('insights.licenceEnds')]}
                  rows={p.licences.map((l) => [l.name, day(l.expiry)])}
                />
              ) : (
                <Text c="dimmed">{t('insights.noLicenceEnds', { days: INSIGHTS_LICENCE_DAYS })}</Text>
              )
            }
          />
          <Figure
            title={t('insights.perMonth')}
            onExport={() => void downloadProductCsv('months', range)}
            chart={
              <BarChart
                h={220}
                data={p.months}
                dataKey="month"
                series={[
                  { name: 'games', label: t('insights.games'), color: 'blue.7' },
                  { name: 'players', label: t('insights.players'), color: 'teal.7' },
                ]}
              />
            }
            table={
              <SimpleTable
                caption={t('insights.perMonth')}
                head={[t('insights.month'), t('insights.games'), t('insights.players')]}
                rows={p.months.map((m) => [m.month, m.games, m.players])}
              />
            }
          />
        </>
      )}
    </Stack>
  );
}
