import fastifyWebsocket from '@fastify/websocket';
import { WS_IDLE_CLOSE_MS, WS_MAX_FRAME_BYTES, WS_PATH, ZClientMessage } from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import type { AccessTokens } from '../auth/tokens';
import type { Db } from '../db/client';
import type { Actor } from '../http/actor';
import { assertOrgActive } from '../http/authenticate';
import { unauthorized } from '../http/errors';
import { isAllowedOrigin } from '../http/origin';
import type { PlayerConnection, RoomGames } from './room-games';

export interface GameSocketDeps {
  tokens: AccessTokens;
  db: Db;
  games: RoomGames;
  allowedOrigins: readonly string[];
  idleCloseMs?: number;
  heartbeatMs?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    wsActor?: Actor;
  }
}

/**
 * The game WebSocket at /ws. The access token comes in the `token` query parameter (browsers cannot
 * set headers on a WebSocket) and is checked before the upgrade, with the page's Origin. Every frame
 * is parsed with the shared strict schema; identity always comes from the token, never the frame.
 */
export async function registerGameSocket(app: FastifyInstance, deps: GameSocketDeps): Promise<void> {
  const { tokens, db, games, allowedOrigins } = deps;
  const idleCloseMs = deps.idleCloseMs ?? WS_IDLE_CLOSE_MS;
  const heartbeatMs = deps.heartbeatMs ?? 30_000;
  await app.register(fastifyWebsocket, {
    options: { maxPayload: WS_MAX_FRAME_BYTES, perMessageDeflate: false },
  });

  app.get(
    WS_PATH,
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (req, reply) => {
        if (!isAllowedOrigin({ origin: req.headers.origin, host: req.host, allowedOrigins })) {
          return reply.status(403).send({ message: 'Origin not allowed', code: 'BAD_ORIGIN' });
        }
        // Refusals are thrown: the one error handler answers them before any upgrade.
        const token = new URL(req.url, 'http://x').searchParams.get('token');
        if (!token) throw unauthorized();
        const actor = await tokens.verify(token);
        await assertOrgActive(db, actor);
        req.wsActor = actor;
      },
    },
    (socket, req) => {
      const connection: PlayerConnection = {
        actor: req.wsActor!,
        userId: req.wsActor!.userId,
        role: req.wsActor!.role,
        roomId: null,
        send: (data) => socket.send(data),
        close: (code, reason) => socket.close(code, reason),
        bufferedAmount: () => socket.bufferedAmount,
      };
      const sendError = (error: string) =>
        socket.send(JSON.stringify({ type: 'error_event', payload: { error }, seq: 0 }));

      let idle = setTimeout(() => socket.close(1000, 'Idle timeout'), idleCloseMs);
      let alive = true;
      socket.on('pong', () => {
        alive = true;
      });
      // Dead peers (a phone that lost its network) are found by ping and let go.
      const heartbeat = setInterval(() => {
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
      }, heartbeatMs);

      // One message at a time per socket, in order: a player's join lands before their claim.
      let queue = Promise.resolve();
      socket.on('message', (data, isBinary) => {
        clearTimeout(idle);
        idle = setTimeout(() => socket.close(1000, 'Idle timeout'), idleCloseMs);
        queue = queue.then(async () => {
          let json: unknown;
          try {
            json = isBinary ? undefined : JSON.parse(data.toString());
          } catch {
            json = undefined;
          }
          const parsed = ZClientMessage.safeParse(json);
          if (!parsed.success) return sendError('Invalid message');
          try {
            await games.handle(connection, parsed.data);
          } catch (err) {
            req.log.error({ err }, 'game message failed');
            sendError('Something went wrong');
          }
        });
      });
      socket.on('close', () => {
        clearTimeout(idle);
        clearInterval(heartbeat);
        void queue.then(() => games.disconnected(connection));
      });
    },
  );
}
