import { english } from '@playshop/messages/english';
import { JOIN_API, ROOM_API, ROOM_SESSION_API } from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/endpoint';
import type { RoomsService } from './service';

/** What the join link of the facilitator screen is built on (PUBLIC_URL, else the network addresses). */
interface JoinLinkBase {
  publicUrl: string | null;
  networkAddresses: () => string[];
}

/** Per IP: a room code has 887 million values, so guessing one at this pace takes years. */
const JOIN_INFO_PER_IP = { max: 120, timeWindow: 60_000 };

export function roomRoutes(app: FastifyInstance, rooms: RoomsService, joinLinks: JoinLinkBase): void {
  route(app, JOIN_API.info, ({ params }) => rooms.joinInfo(params.code), {
    config: { rateLimit: JOIN_INFO_PER_IP },
  });
  const withLinks = <T>(reply: T) => ({
    ...reply,
    publicUrl: joinLinks.publicUrl,
    networkAddresses: joinLinks.publicUrl ? [] : joinLinks.networkAddresses(),
  });
  route(app, JOIN_API.joinCode, async ({ actor, params }) =>
    withLinks(await rooms.joinCode(actor, params.id)),
  );
  route(app, JOIN_API.replaceCode, async ({ actor, params }) =>
    withLinks(await rooms.replaceJoinCode(actor, params.id)),
  );
  route(app, JOIN_API.setGuests, async ({ actor, params, body }) =>
    withLinks(await rooms.setGuests(actor, params.id, body.allowGuests)),
  );
  route(app, JOIN_API.removeGuests, async ({ actor, params }) => ({
    message: english('join.guestsRemoved'),
    removed: await rooms.removeGuests(actor, params.id),
  }));

  route(app, ROOM_API.byOrgName, ({ actor, params }) => rooms.listByOrgName(actor, params.org));
  route(app, ROOM_API.byId, ({ actor, params }) => rooms.getById(actor, params.id));
  route(app, ROOM_API.create, ({ actor, body }) => rooms.create(actor, body));
  route(app, ROOM_API.setLanguage, ({ actor, params, body }) =>
    rooms.setLanguage(actor, params.id, body.language),
  );
  route(app, ROOM_API.openLobby, async ({ actor, params }) => {
    await rooms.openLobby(actor, params.id);
    return { message: english('game.openingLobby') };
  });
  route(app, ROOM_API.remove, async ({ actor, params }) => {
    await rooms.remove(actor, params.id);
    return { message: english('rooms.deleted') };
  });
  route(app, ROOM_SESSION_API.checkAndCreateSession, ({ actor, body }) =>
    rooms.checkAndCreateSession(actor, body.roomSession.roomId),
  );
  route(app, ROOM_SESSION_API.updateSession, ({ actor, body }) =>
    rooms.updateSession(actor, body.roomId, body.currentSectionId),
  );
  route(
    app,
    ROOM_API.report,
    async ({ actor, params, query, reply }) => {
      const { filename, csv } = await rooms.report(actor, params.id, query.format);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(csv);
      // An export: recorded in the audit log when an admin takes it.
    },
    { config: { audit: 'room.report' } },
  );
}
