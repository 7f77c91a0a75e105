import { randomInt as cryptoRandomInt } from 'node:crypto';
import type { ServerMessage } from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import type { ContentService } from '../content/service';
import type { Database } from '../db/client';
import { collectRooms, countSlowSocketClose, observeEventAppend } from '../observability/metrics';
import { watchRedis } from '../redis';
import type { AccessTokenCheck } from '../sessions/authenticate';
import { resumeTickets } from '../sessions/resume-tickets';
import type { SessionEnds } from '../sessions/sessions';
import type { AccessTokens } from '../sessions/tokens';
import { localBus, redisBus } from './bus';
import { createRoomDirectory, type RoomDirectory } from './directory';
import { createHub } from './hub';
import { createJournal } from './journal';
import { localOwnership, postgresOwnership, redisOwnership } from './ownership';
import type { RoomChanges } from './room-changes';
import { registerGameSocket } from './socket';

interface LiveGameDeps {
  config: Pick<Config, 'redisPrefix' | 'jwtSecret' | 'allowedOrigins'>;
  database: Database;
  redis?: Redis;
  content: ContentService;
  rooms: RoomChanges;
  tokens: AccessTokens;
  checkToken: AccessTokenCheck;
  ends: SessionEnds;
}

/**
 * The live game: one writer per room (its owner instance), the event log, the bus between instances
 * (Redis when configured) and /ws. The rooms service's lobby, join-code and session changes reach the
 * live rooms through it.
 */
export async function registerLiveGame(app: FastifyInstance, deps: LiveGameDeps): Promise<RoomDirectory> {
  const { config, database, redis } = deps;
  const redisSubscriber = redis ? watchRedis(redis.duplicate(), app.log, 'Redis subscriber') : undefined;
  const bus =
    redis && redisSubscriber
      ? redisBus(redis, redisSubscriber, config.redisPrefix, (err) =>
          app.log.warn({ err }, 'game bus trouble'),
        )
      : localBus();
  const ownership = !redis
    ? localOwnership()
    : database.url
      ? postgresOwnership(database.url, (err) => app.log.warn({ err }, 'room ownership connection lost'))
      : redisOwnership(redis, config.redisPrefix, bus.instanceId);
  const hub = createHub({
    maxBufferedBytes: 1024 * 1024,
    onSlowSocket: (c) => {
      countSlowSocketClose();
      app.log.warn({ userId: c.actor.userId, roomId: c.roomId }, 'closing a socket that fell behind');
    },
  });
  const gameRooms = createRoomDirectory({
    db: database.db,
    content: deps.content,
    journal: createJournal(database.db, { onBatch: (events, ms) => observeEventAppend(ms / 1000, events) }),
    bus,
    hub,
    ownership,
    clock: {
      now: () => new Date(),
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
    },
    randomInt: cryptoRandomInt,
    log: app.log,
  });
  followRoomChanges(deps.rooms, gameRooms);
  await registerGameSocket(app, {
    tokens: deps.tokens,
    checkToken: deps.checkToken,
    tickets: resumeTickets(config.jwtSecret),
    ends: deps.ends,
    db: database.db,
    rooms: gameRooms,
    hub,
    allowedOrigins: config.allowedOrigins,
  });
  const stopCollectingRooms = collectRooms(() => gameRooms.playerCounts());
  app.addHook('onClose', async () => {
    stopCollectingRooms();
    await gameRooms.close();
    await ownership.close();
    await bus.close();
    redisSubscriber?.disconnect();
  });
  return gameRooms;
}

/** What the rooms list changes that a live game must follow. */
function followRoomChanges(roomsSvc: RoomChanges, gameRooms: RoomDirectory): void {
  // Open Lobby from the rooms list (POST /rooms/:id/lobby) is the game's own command.
  roomsSvc.onOpenLobby((actor, roomId) =>
    gameRooms.execute({ roomId, actor, command: { action: 'open_lobby' } }),
  );
  // A new code or guest rule reaches every staff screen in the room at once (the presenter too).
  roomsSvc.onJoinCodeChanged((roomId, code) => {
    const message: ServerMessage = { type: 'join_code', payload: { code }, seq: 0 };
    gameRooms.announce(roomId, [{ to: 'staff', data: JSON.stringify(message) }]);
  });
  // A room moved to another session by hand (PATCH /update-room-session): its live game follows.
  roomsSvc.onSessionChanged((actor, roomId, sessionId) =>
    gameRooms.execute({ roomId, actor, command: { action: 'set_session', sessionId } }),
  );
}
