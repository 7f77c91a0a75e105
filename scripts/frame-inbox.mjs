// The frames of one game WebSocket as a test or the runtime smoke reads them (used by
// apps/server/src/game/socket.test.ts and scripts/runtime-smoke.mjs).

/**
 * Keeps the frames given to `add` (each parsed frame of the socket, in order) until they are taken:
 * `next(type)` takes the first of that type not taken yet, or waits for the next to arrive (failing
 * after `timeoutMs`); `received(type)` lists those not taken yet; `drain()` forgets them.
 */
export function frameInbox(defaultTimeoutMs) {
  const inbox = [];
  const waiters = [];
  return {
    add(message) {
      const i = waiters.findIndex((w) => w.type === message.type);
      if (i >= 0) waiters.splice(i, 1)[0].resolve(message);
      else inbox.push(message);
    },
    received: (type) => inbox.filter((m) => m.type === type),
    drain: () => void inbox.splice(0),
    next(type, timeoutMs = defaultTimeoutMs) {
      const i = inbox.findIndex((m) => m.type === type);
      if (i >= 0) return Promise.resolve(inbox.splice(i, 1)[0]);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${type} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          type,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
  };
}
