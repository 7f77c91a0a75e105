import { BarChart } from '@mantine/charts';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { INSIGHTS_LICENCE_DAYS, type InsightsRange } from '@playshop/shared';
import { useT } from '../../i18n/locale-provider';
import { FigureCard, gamesAndPlayers } from './figure';
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
      <Text c="dimmed" size="sm">
        {t('insights.playersMeaning')}
      </Text>
      {product.error && <Alert color="red">{product.error.message}</Alert>}
      {p && (
        <>
          <FigureCard
            title={t('insights.orgsByActivity')}
            onExport={() => void downloadProductCsv('organizations', range)}
            caption={t('insights.orgsByActivityCaption')}
            columns={[
              [t('insights.organization'), (o) => o.name],
              [t('insights.games'), (o) => o.games],
              [t('insights.players'), (o) => o.players],
              [t('insights.lastGame'), (o) => day(o.lastGameAt)],
            ]}
            rows={p.organizations}
          />
          <FigureCard
            title={t('insights.licencesEnding')}
            onExport={() => void downloadProductCsv('licences', range)}
            caption={t('insights.licencesEndingCaption')}
            columns={[
              [t('insights.organization'), (l) => l.name],
              [t('insights.licenceEnds'), (l) => day(l.expiry)],
            ]}
            rows={p.licences}
            empty={<Text c="dimmed">{t('insights.noLicenceEnds', { days: INSIGHTS_LICENCE_DAYS })}</Text>}
          />
          <FigureCard
            title={t('insights.perMonth')}
            onExport={() => void downloadProductCsv('months', range)}
            chart={
              <BarChart h={240} data={p.months} dataKey="month" series={gamesAndPlayers(t)} withLegend />
            }
            caption={t('insights.perMonth')}
            columns={[
              [t('insights.month'), (m) => m.month],
              [t('insights.games'), (m) => m.games],
              [t('insights.players'), (m) => m.players],
            ]}
            rows={p.months}
          />
        </>
      )}
    </Stack>
  );
}
