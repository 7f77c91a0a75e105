import { XAPI_API } from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { route } from '../http/endpoint';
import { scheduleHousekeeping } from '../http/housekeeping';
import type { XapiDelivery } from './delivery';
import type { XapiService } from './service';

/** How often the delivery looks for statements due (each instance; one sends per organization). */
export const DELIVER_EVERY_MS = 5_000;

/**
 * xAPI (issue 47 item 2): the Settings routes, the training video's completion, and the delivery on
 * a timer from the app's start to its close.
 */
export function xapiRoutes(
  app: FastifyInstance,
  {
    xapi,
    delivery,
    database,
    everyMs = DELIVER_EVERY_MS,
  }: { xapi: XapiService; delivery: XapiDelivery; database: Database; everyMs?: number },
) {
  route(app, XAPI_API.settings, ({ actor, params }) => xapi.settings(actor, params.id));
  route(app, XAPI_API.saveSettings, ({ actor, params, body }) => xapi.saveSettings(actor, params.id, body));
  // Each test opens a connection to the address given: a few a minute are enough for a person.
  route(app, XAPI_API.test, ({ actor, params, body }) => xapi.test(actor, params.id, body), {
    config: { rateLimit: { max: 30, timeWindow: 60_000 } },
  });
  route(app, XAPI_API.videoCompleted, ({ actor, body }) => xapi.videoCompleted(actor, body.url), {
    config: { rateLimit: { max: 60, timeWindow: 60_000 } },
  });

  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const tick = async () => {
    try {
      await delivery.deliverDue();
    } catch (err) {
      app.log.warn({ err }, 'xapi: delivering statements failed; trying again');
    }
    if (!closed) timer = setTimeout(tick, everyMs).unref();
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(tick, everyMs).unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
    await delivery.settled();
  });
  scheduleHousekeeping(app, 'sent xAPI statements', () => delivery.purge(), { shared: database });
}
