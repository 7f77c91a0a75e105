import type { Redis } from 'ioredis';
import type { Frame } from './frames';
import type { StoredEvent } from './store';

/**
 * What one instance tells all instances (itself included) after appending to a game: the events,
 * to keep every cache current, and the frames they make, to write to each instance's sockets.
 */
export interface BusMessage {
  roomId: number;
  gameId: number;
  appended: StoredEvent[];
  frames: Frame[];
}

export interface Bus {
  publish(message: BusMessage): Promise<void>;
  subscribe(handler: (message: BusMessage) => void): void;
  close(): Promise<void>;
}

/** One process: handlers run on the next tick, as they would after a round trip through Redis. */
export function localBus(): Bus {
  const handlers: ((m: BusMessage) => void)[] = [];
  return {
    async publish(message) {
      queueMicrotask(() => {
        for (const handler of handlers) handler(message);
      });
    },
    subscribe: (handler) => void handlers.push(handler),
    close: async () => {
      handlers.length = 0;
    },
  };
}

/** Several instances: Redis pub/sub, so a facilitator on one and players on another share a room. */
export function redisBus(
  publisher: Redis,
  subscriber: Redis,
  prefix: string,
  onError: (err: unknown) => void,
): Bus {
  const CHANNEL = `${prefix}:game-events`;
  const handlers: ((m: BusMessage) => void)[] = [];
  let subscribed: Promise<unknown> | undefined;
  subscriber.on('message', (channel: string, raw: string) => {
    if (channel !== CHANNEL) return;
    try {
      const message = JSON.parse(raw) as BusMessage;
      for (const handler of handlers) handler(message);
    } catch (err) {
      onError(err);
    }
  });
  return {
    async publish(message) {
      await subscribed;
      await publisher.publish(CHANNEL, JSON.stringify(message));
    },
    subscribe(handler) {
      handlers.push(handler);
      subscribed ??= subscriber.subscribe(CHANNEL);
    },
    async close() {
      handlers.length = 0;
      await subscriber.unsubscribe(CHANNEL).catch(() => undefined);
    },
  };
}
