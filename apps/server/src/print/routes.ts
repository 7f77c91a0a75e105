import { PRINTED_CARD_API } from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/endpoint';
import type { PrintedCardsService } from './printed-cards';

/** Printed bingo cards of a room (traditional delivery): the staff who run the room print and check them. */
export function printedCardRoutes(app: FastifyInstance, printed: PrintedCardsService): void {
  route(app, PRINTED_CARD_API.createSet, ({ actor, params, body }) => printed.create(actor, params.id, body));
  route(app, PRINTED_CARD_API.sets, ({ actor, params }) => printed.list(actor, params.id));
  route(app, PRINTED_CARD_API.cards, ({ actor, params }) => printed.cards(actor, params.id, params.setId));
  route(app, PRINTED_CARD_API.pdf, async ({ actor, params, reply }) => {
    const { filename, pdf } = await printed.pdf(actor, params.id, params.setId);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(Buffer.from(pdf));
  });
  route(app, PRINTED_CARD_API.verify, ({ actor, params, body }) =>
    printed.verify(actor, params.id, body.serial),
  );
}
