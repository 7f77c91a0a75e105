/**
 * The Redis bus between two instances (real Redis): what becomes of a command forwarded to an owner
 * that dies before answering, once another instance has taken the room.
 */
import { GAME_TEXTS } from '@playshop/shared';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { type Bus, redisBus } from './bus';
import type { CommandRequest, CommandResult } from './room';

const redisUrl = process.env.TEST_REDIS_URL;
const clients: Redis[] = [];
afterAll(() => {
  for (const c of clients) c.disconnect();
});

function bus(prefix: string): Bus {
  const publisher = new Redis(redisUrl!);
  const subscriber = publisher.duplicate();
  clients.push(publisher, subscriber);
  return redisBus(publisher, subscriber, prefix, () => undefined);
}

const request: CommandRequest = {
  roomId: 7,
  actor: { userId: 1, username: 'fac', role: 'FACILITATOR', orgId: 1 },
  command: { type: 'roll' },
  socket: 'screen-1',
};

describe.runIf(redisUrl)('a forward to an owner that died', () => {
  it('is refused as soon as this instance has taken the room, not after the settle delay', async () => {
    const prefix = `bus-test-${process.pid}-${Date.now()}`;
    const [dead, survivor] = [bus(prefix), bus(prefix)];
    // The owner takes the command and never answers: it was killed while applying it.
    await dead.serve(request.roomId, () => new Promise<CommandResult>(() => undefined));
    const forwarded = survivor.forward(request);
    await new Promise((r) => setTimeout(r, 200));
    await dead.close();
    // The survivor takes the room (its lock is free) and says so.
    const startedAt = performance.now();
    await survivor.serve(request.roomId, async () => ({ ok: true }));
    await survivor.announceMoved(request.roomId);
    expect(await forwarded).toEqual({ error: GAME_TEXTS.unavailable });
    // MOVED_SETTLE_MS (3 s) is for forwards another new owner may have received: none here.
    expect(performance.now() - startedAt).toBeLessThan(2_000);
    await survivor.close();
  });

  it('a forward the new owner received itself is answered by it', async () => {
    const prefix = `bus-test-${process.pid}-${Date.now()}-b`;
    const [owner, other] = [bus(prefix), bus(prefix)];
    await owner.serve(request.roomId, async () => ({ ok: true }));
    // Sent after the owner serves the room: the owner answers it, whatever `moved` says meanwhile.
    const forwarded = other.forward(request);
    await owner.announceMoved(request.roomId);
    expect(await forwarded).toEqual({ ok: true });
    await Promise.all([owner.close(), other.close()]);
  });
});
