import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createOrg, createRoom, createTestContext, signInNewUser, type TestContext } from '../test/context';
import { freePort } from '../test/instances';
import { collectRooms } from './metrics';

/** The value of one sample in Prometheus text (0 when absent), e.g. `foo_total{type="x"}`. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const GAME_METRICS = [
  'playshop_ws_open_sockets',
  'playshop_game_rooms_live',
  'playshop_game_room_players',
  'playshop_game_commands_total',
  'playshop_game_fanout_seconds',
  'playshop_game_slow_socket_closes_total',
  'playshop_game_event_append_seconds',
  'playshop_game_event_append_batch_size',
  'playshop_game_bus_lag_seconds',
];

describe('/metrics with METRICS_ENABLED', () => {
  let ctx: TestContext;
  let base: string;
  const scrape = async () => {
    const res = await ctx.app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  beforeAll(async () => {
    ctx = await createTestContext({ env: { METRICS_ENABLED: 'true' } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => ctx.close());

  it('has HTTP latency by route and every game metric', async () => {
    await ctx.app.inject('/api/v1/public-settings');
    await ctx.app.inject('/api/v1/public-settings');
    const text = await scrape();
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/v1/public-settings",status_code="200"}',
      ),
    ).toBe(2);
    for (const name of GAME_METRICS) expect(text, name).toContain(`# TYPE ${name} `);
    expect(text).toContain('process_cpu_seconds_total');
    // Probes and the scrape itself are not timed.
    expect(text).not.toContain('route="/metrics"');
  });

  it('has every metric the Grafana dashboard (docs/grafana-dashboard.json) queries', async () => {
    const dashboard = await readFile(
      new URL('../../../../docs/grafana-dashboard.json', import.meta.url),
      'utf8',
    );
    const used = new Set(dashboard.match(/\b(?:playshop|http|process|nodejs)_[a-z0-9_]+/g));
    expect(used.size).toBeGreaterThan(10);
    const text = await scrape();
    for (const name of used) {
      const family = name.replace(/_(bucket|sum|count)$/, '');
      expect(text, name).toMatch(new RegExp(`^# TYPE (${name}|${family}) `, 'm'));
    }
  });

  it('counts open sockets and game commands, and times the fan-out', async () => {
    const org = await createOrg(ctx.database);
    const room = await createRoom(ctx.database, org.id, 'M', 'Metrics');
    const token = (await signInNewUser(ctx, 'FACILITATOR', org.id)).body.accessToken;
    const before = await scrape();

    const ws = new WebSocket(`${base}/ws?token=${encodeURIComponent(token)}`);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const frames: string[] = [];
    const snapshot = new Promise<void>((resolve) =>
      ws.on('message', (data) => {
        frames.push(String(data));
        if (String(data).includes('set_game_state')) resolve();
      }),
    );
    ws.send(JSON.stringify({ type: 'room_event', payload: { action: 'open_lobby', roomId: room.id } }));
    await snapshot;

    const during = await scrape();
    expect(sample(during, 'playshop_ws_open_sockets')).toBe(sample(before, 'playshop_ws_open_sockets') + 1);
    const opened = 'playshop_game_commands_total{type="room_event",action="open_lobby"}';
    expect(sample(during, opened)).toBe(sample(before, opened) + 1);
    // The bus lag is measured between instances: scripts/runtime-smoke.mjs checks it with two.
    expect(sample(during, 'playshop_game_fanout_seconds_count')).toBeGreaterThan(
      sample(before, 'playshop_game_fanout_seconds_count'),
    );

    const closed = new Promise((resolve) => ws.once('close', resolve));
    ws.close();
    await closed;
    await expect
      .poll(async () => sample(await scrape(), 'playshop_ws_open_sockets'))
      .toBe(sample(before, 'playshop_ws_open_sockets'));
  });

  it('reports the live rooms a collector gives, and forgets it when removed', async () => {
    // The app's own rooms (the room opened above has no players) come on top of this collector's.
    const before = await scrape();
    const stop = collectRooms(() => [3, 12]);
    const text = await scrape();
    stop();
    const more = (name: string) => sample(text, name) - sample(before, name);
    expect(more('playshop_game_rooms_live')).toBe(2);
    expect(more('playshop_game_room_players_count')).toBe(2);
    expect(more('playshop_game_room_players_sum')).toBe(15);
    expect(more('playshop_game_room_players_bucket{le="5"}')).toBe(1);
    const after = await scrape();
    expect(sample(after, 'playshop_game_rooms_live')).toBe(sample(before, 'playshop_game_rooms_live'));
  });
});

describe('/metrics on its own port', () => {
  it('answers there only', async () => {
    const port = await freePort();
    const ctx = await createTestContext({
      env: { METRICS_ENABLED: 'true', METRICS_PORT: String(port), HOST: '127.0.0.1' },
    });
    try {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('# TYPE playshop_game_commands_total counter');
      expect((await fetch(`http://127.0.0.1:${port}/api/v1/public-settings`)).status).toBe(404);
      expect((await ctx.app.inject('/metrics')).statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});
