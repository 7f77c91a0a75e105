import {
  ZCreatePrintedCardSet,
  ZErrorReply,
  ZIdParam,
  ZPrintedCardSetReply,
  ZPrintedCardsReply,
  ZPrintedClaimReply,
  ZVerifyPrintedCard,
  zIdParam,
} from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePermission } from '../http/actor';
import type { PrintedCardsService } from './printed-cards';

const errors = { 400: ZErrorReply, 401: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply };
const ZSetParams = z.object({ id: zIdParam(), setId: zIdParam() });

/** Printed bingo cards of a room (traditional delivery): the staff who run the room print and check them. */
export function printedCardRoutes(app: FastifyInstance, printed: PrintedCardsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/rooms/:id/printed-card-sets',
    {
      schema: {
        tags: ['printed cards'],
        summary: 'Deal and keep a set of 1–500 unique bingo cards for the room, to print',
        params: ZIdParam,
        body: ZCreatePrintedCardSet,
        response: { 200: ZPrintedCardSetReply, ...errors },
      },
    },
    async (req) => printed.create(requirePermission(req, 'runRooms'), req.params.id, req.body),
  );

  r.get(
    '/rooms/:id/printed-card-sets',
    {
      schema: {
        tags: ['printed cards'],
        summary: "The room's printed card sets, newest first",
        params: ZIdParam,
        response: { 200: z.array(ZPrintedCardSetReply), ...errors },
      },
    },
    async (req) => printed.list(requirePermission(req, 'runRooms'), req.params.id),
  );

  r.get(
    '/rooms/:id/printed-card-sets/:setId/cards',
    {
      schema: {
        tags: ['printed cards'],
        summary: 'Every card of a printed set with its serial',
        params: ZSetParams,
        response: { 200: ZPrintedCardsReply, ...errors },
      },
    },
    async (req) => printed.cards(requirePermission(req, 'runRooms'), req.params.id, req.params.setId),
  );

  r.get(
    '/rooms/:id/printed-card-sets/:setId/pdf',
    {
      schema: {
        tags: ['printed cards'],
        summary: "A printed set as a PDF: the caller sheet, then the cards at the set's cards per A4 page",
        params: ZSetParams,
        response: { 200: z.unknown().describe('application/pdf'), ...errors },
      },
    },
    async (req, reply) => {
      const { filename, pdf } = await printed.pdf(
        requirePermission(req, 'runRooms'),
        req.params.id,
        req.params.setId,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(Buffer.from(pdf));
    },
  );

  r.post(
    '/rooms/:id/printed-cards/verify',
    {
      schema: {
        tags: ['printed cards'],
        summary:
          "Check a shouted claim by the card's serial against the balls called in the room's game and the round's prizes",
        params: ZIdParam,
        body: ZVerifyPrintedCard,
        response: { 200: ZPrintedClaimReply, ...errors },
      },
    },
    async (req) => printed.verify(requirePermission(req, 'runRooms'), req.params.id, req.body.serial),
  );
}
