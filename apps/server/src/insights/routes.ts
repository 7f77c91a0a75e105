import { INSIGHTS_API, type InsightsFigure } from '@playshop/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../db/client';
import { route } from '../http/endpoint';
import { figureCsv, productCsv } from './csv';
import { createProjector } from './projector';
import { startProjectorTimer } from './projector-timer';
import { insightsService } from './service';

const sendCsv = (reply: FastifyReply, name: string, csv: string) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="insights-${name}-${new Date().toISOString().slice(0, 10)}.csv"`,
    )
    .send(csv);

/**
 * Insights (issue 33): the routes, and the projector kept running on a timer until the app closes,
 * folding in a worker thread (PostgreSQL: `databaseUrl` gives it a pool of its own).
 */
export function insightsRoutes(app: FastifyInstance, db: Db, databaseUrl?: string): void {
  const projector = createProjector(db, app.log, { thread: { databaseUrl } });
  const insights = insightsService(db, projector);

  let timer: ReturnType<typeof startProjectorTimer> | undefined;
  app.addHook('onReady', async () => {
    timer = startProjectorTimer(projector, { log: app.log });
  });
  app.addHook('onClose', async () => {
    await timer?.stop();
    await projector.close();
  });

  route(app, INSIGHTS_API.summary, ({ actor, params, query }) => insights.summary(actor, params.org, query));
  route(app, INSIGHTS_API.games, ({ actor, params, query }) => insights.games(actor, params.org, query));
  route(app, INSIGHTS_API.questions, ({ actor, params, query }) =>
    insights.questions(actor, params.org, query),
  );
  route(app, INSIGHTS_API.content, ({ actor, params, query }) => insights.content(actor, params.org, query));
  route(app, INSIGHTS_API.bingo, ({ actor, params, query }) => insights.bingo(actor, params.org, query));
  route(app, INSIGHTS_API.weeks, ({ actor, params, query }) => insights.weeks(actor, params.org, query));
  type Args = Parameters<typeof insights.summary>;
  const csvOf: Record<InsightsFigure, (...args: Args) => Promise<string>> = {
    summary: async (...a) => figureCsv.summary(await insights.summary(...a)),
    games: async (...a) => figureCsv.games(await insights.games(...a, true)),
    questions: async (...a) => figureCsv.questions(await insights.questions(...a)),
    content: async (...a) => figureCsv.content(await insights.content(...a)),
    bingo: async (...a) => figureCsv.bingo(await insights.bingo(...a)),
    weeks: async (...a) => figureCsv.weeks(await insights.weeks(...a)),
  };
  route(app, INSIGHTS_API.export, async ({ actor, params: { org, figure }, query, reply }) =>
    sendCsv(reply, figure, await csvOf[figure](actor, org, query)),
  );
  route(app, INSIGHTS_API.product, ({ query }) => insights.product(query));
  route(app, INSIGHTS_API.productExport, async ({ params: { figure }, query, reply }) =>
    sendCsv(reply, figure, productCsv[figure](await insights.product(query))),
  );
  route(app, INSIGHTS_API.me, ({ actor }) => insights.me(actor));
}
