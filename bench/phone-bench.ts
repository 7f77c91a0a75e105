/**
 * `npm run bench:phone`: what a roll costs the screens that show it (issue 46), each against a floor.
 *
 * The real product runs on loopback (built SPA, API, demo data). A phone (390×844, Chromium's CPU
 * throttled 4×, about a 2019 budget Android phone) plays the Demo Room; the facilitator's page and the
 * presenter view run unthrottled, as on a laptop. The facilitator rolls (its Roll button, clicked by
 * mouse events only, so no test script runs in its page). Each roll is followed by the same roll on
 * two floor pages, one throttled as the phone and one not: plain pages fed, over a WebSocket, the very
 * frames the phone's socket received, that add the ball to a list and set one card cell's class. So
 * every figure is a ratio to the least a page can do with the same frames, in the same run, on the
 * same machine, interleaved roll by roll.
 *
 * Per roll and page: main-thread time and script time (DevTools `Performance.getMetrics`,
 * TaskDuration and ScriptDuration, before and after a fixed window), long tasks (PerformanceObserver);
 * then taps on rolled cells and on the floor's cells: from the tap's event time to the frame after it
 * was painted. Then a few rolls with the roll animation, the phone's normal roll.
 *
 * BENCH_PHONE_CHECK=1 (`.ci/run`) writes nothing and exits 1 when a ratio is over its ceiling
 * (CHECK below: script per roll, a regression guard with room for a busy machine). BENCH_PHONE_ROLLS (30) rolls, BENCH_PHONE_TAPS (8) taps, BENCH_PHONE_ANIMATED (4).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type Browser, type CDPSession, chromium, type Page } from 'playwright-core';
import { WebSocket, WebSocketServer } from 'ws';
import { CHROMIUM_PATH } from '../e2e/support/chromium';
import { root, writePerformanceBlock } from './bench-server';
import { startProduct } from './web-product';

const ROLLS = Number(process.env.BENCH_PHONE_ROLLS ?? 30);
const TAPS = Number(process.env.BENCH_PHONE_TAPS ?? 8);
const ANIMATED = Number(process.env.BENCH_PHONE_ANIMATED ?? 4);
const IDLE = 3;
/**
 * BENCH_PHONE_TRACE=1: each page's main-thread events over the hidden rolls, by name (total ms and
 * count: frames are Commit, tasks RunTask), and the whole trace in bench/profiles/rolls-trace.json;
 * BENCH_PHONE_TRACE=taps or =animated: the same over the taps or the animated rolls instead
 * (taps-trace.json, animated-trace.json). BENCH_PHONE_TRACE_CATEGORIES replaces the trace's
 * categories (add `blink,cc` for a frame's steps by name,
 * `disabled-by-default-devtools.timeline.invalidationTracking` for what restyled or laid out what, or
 * `v8.execute` for V8's compile and interrupt work inside a script).
 */
const TRACE = process.env.BENCH_PHONE_TRACE === '1';
const TRACE_TAPS = process.env.BENCH_PHONE_TRACE === 'taps';
const TRACE_ANIMATED = process.env.BENCH_PHONE_TRACE === 'animated';
const TRACE_CATEGORIES =
  process.env.BENCH_PHONE_TRACE_CATEGORIES ?? 'devtools.timeline,disabled-by-default-devtools.timeline';
const CHECK_ONLY = process.env.BENCH_PHONE_CHECK === '1';
/** BENCH_PHONE_CHANGES=1: what each page changed in its DOM in the first three hidden rolls. */
const CHANGES = process.env.BENCH_PHONE_CHANGES === '1';
/**
 * BENCH_PHONE_PROFILE=1: a CPU profile of each product page over the hidden rolls, and of the phone
 * over the taps and the animated rolls, in bench/profiles/.
 */
const PROFILE = process.env.BENCH_PHONE_PROFILE === '1';
/**
 * BENCH_PHONE_BALLAST=1: a third floor, throttled as the phone, carrying the phone's style sheets and
 * a still copy of its screen's DOM below its own list and card: what the page's size alone costs a
 * roll, apart from what the product's script costs it.
 */
const BALLAST = process.env.BENCH_PHONE_BALLAST === '1';
/**
 * BENCH_PHONE_SPEC_FLOOR=1: two more floors that also do what SPEC asks of every roll beyond the
 * ball and the cell: a count ('Rolled balls (n)') and a screen reader's announcement written, and on
 * the laptop's a Roll button clicked as the facilitator's is, off from the click until the ball has
 * been shown. What the rest of the gap is, once the spec's own work is on both sides; the targets
 * stay against the plain floor.
 */
const SPEC_FLOOR = process.env.BENCH_PHONE_SPEC_FLOOR === '1';
/**
 * BENCH_PHONE_LIVE_FLOOR=1: one more throttled floor, fed each frame the moment the phone receives
 * it, inside the product's window: a floor that shares the moment's load (the server, the staff pages
 * rendering the same roll on the same cores), where the others replay the frames afterwards. What
 * part of the gap is the machine's contention; the targets stay against the replayed floor.
 */
const LIVE_FLOOR = process.env.BENCH_PHONE_LIVE_FLOOR === '1';
/**
 * BENCH_PHONE_ALONE=<n>: at the end, n more hidden rolls with the phone closed, the facilitator's page
 * and the presenter view measured against the laptop's floor of the hidden rolls (replayed alone
 * already): what the staff pages cost a roll on a laptop that runs those two screens, not a throttled
 * phone's page beside them on the same two cores. The targets stay against the bench's own rows.
 */
const ALONE = Number(process.env.BENCH_PHONE_ALONE ?? 0);
/** BENCH_PHONE_CPU: the phone's CPU throttle (4); 1 gives a profile whose per-function times hold. */
const PHONE_CPU = Number(process.env.BENCH_PHONE_CPU ?? 4);
/** A hidden roll's state lasts 1 s; the window holds it and the state after it. */
const ROLL_WINDOW_MS = 1_600;
/** The animated roll: the ball tumbles 3 s, then lands. */
const ANIMATED_WINDOW_MS = 4_200;
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 720 };
/** Issue 46's targets, as ratios to the floor, reported with every run. */
const TARGETS = { phoneMedian: 1.5, phoneP90: 2, phoneScript: 3, tap: 1.5, staff: 3 };
/**
 * What CI fails on: script per roll against the floor, with the room a shared 2-core machine needs
 * (times move 2–4× from run to run there, and the floor's script is about 1 ms). On 5 December, when
 * every frame rendered the whole screen: the phone 93–231×, the facilitator 217–312×, the presenter
 * 55–80×; rendering what a frame changes: 11–44×, 36–131×, 28–58×. The count of parts a roll renders
 * is held exactly by player/roll-render.test.tsx.
 */
const CHECK = { phoneScript: 70, facilitatorScript: 180, presenterScript: 120 };

/** Set on every measured page: long tasks and tap-to-paint times, read between windows. */
const PAGE_PROBE = `
  window.__long = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push(e.duration); })
    .observe({ type: 'longtask', buffered: true });
  window.__mutations = 0;
  window.__changed = [];
  const named = (n) => n.nodeType === 1
    ? n.tagName.toLowerCase() + (n.className && typeof n.className === 'string' ? '.' + n.className.split(' ')[0] : '')
      + (n.getAttribute('aria-label') ? '[' + n.getAttribute('aria-label') + ']' : '')
    : '#text<' + (n.parentElement ? named(n.parentElement) : '') + '>';
  new MutationObserver((list) => {
    window.__mutations += list.length;
    for (const r of list) window.__changed.push(r.type + (r.attributeName ? ':' + r.attributeName : '') + ' ' + named(r.target));
  })
    .observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  window.__taps = [];
  document.addEventListener('pointerdown', (event) => {
    const t0 = event.timeStamp;
    // rAF runs before the next paint; the task after it runs once that frame is painted.
    requestAnimationFrame(() => setTimeout(() => window.__taps.push(performance.now() - t0), 0));
  }, true);
`;

/** The floor: a list of balls and a card whose cells get a class, fed the phone's frames. */
const floorHtml = (card: number[]) => `<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>floor</title>
<style>body{font-family:sans-serif;margin:16px}#card{display:grid;grid-template-columns:repeat(5,1fr);gap:6px}
#card div{border:1px solid #999;border-radius:8px;padding:14px 0;text-align:center;font-size:20px}
#card .rolled{outline:3px solid #228be6}#card .marked{background:#228be6;color:#fff}
#balls{display:flex;gap:4px;flex-wrap:nowrap;overflow:auto;list-style:none;padding:0}
#balls li{width:32px;height:32px;border-radius:50%;background:#fab005;display:grid;place-items:center}</style>
</head><body><ul id="balls"></ul><div id="card">${card.map((n) => `<div data-n="${n}">${n || 'Free'}</div>`).join('')}</div>
<script>
const balls = document.getElementById('balls');
const cells = new Map([...document.querySelectorAll('#card div')].map((d) => [Number(d.dataset.n), d]));
document.getElementById('card').addEventListener('click', (e) => e.target.classList.add('marked'));
const ws = new WebSocket('ws://' + location.host + '/ws');
// ?spec (BENCH_PHONE_SPEC_FLOOR): a count, a live region and a Roll button, as SPEC asks of a roll.
const spec = location.search.includes('spec');
let count, live, roll, rolled = 0;
if (spec) {
  count = document.createElement('p');
  live = document.createElement('span');
  live.setAttribute('aria-live', 'assertive');
  live.style.cssText = 'position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0)';
  roll = document.createElement('button');
  roll.id = 'roll';
  roll.textContent = 'Roll';
  roll.addEventListener('click', () => roll.setAttribute('aria-disabled', 'true'));
  document.body.prepend(roll, count, live);
}
ws.onmessage = (e) => {
  const frame = JSON.parse(e.data);
  const p = frame.payload || {};
  const n = typeof p.roll === 'number' ? p.roll : typeof p.number === 'number' ? p.number : undefined;
  if (n === undefined) {
    // The ball has been shown: Roll is on again.
    if (spec && roll.getAttribute('aria-disabled') === 'true') roll.setAttribute('aria-disabled', 'false');
    return;
  }
  const li = document.createElement('li');
  li.textContent = n;
  balls.prepend(li);
  cells.get(n)?.classList.add('rolled');
  if (spec) {
    count.textContent = 'Rolled balls (' + ++rolled + ')';
    live.textContent = 'Ball ' + n;
  }
};
</script></body></html>`;

interface Metrics {
  /** DOM mutation records: what the page changed for the frames (the floor: a list item and a class). */
  mutations: number;
  task: number;
  script: number;
  style: number;
  layout: number;
  /** What the DOM changes were (BENCH_PHONE_CHANGES=1 prints them for the first hidden rolls). */
  changed?: string[];
}
async function metrics(cdp: CDPSession): Promise<Metrics> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  const get = (name: string) => list.find((m) => m.name === name)?.value ?? 0;
  return {
    mutations: 0,
    task: get('TaskDuration') * 1000,
    script: get('ScriptDuration') * 1000,
    style: get('RecalcStyleDuration') * 1000,
    layout: get('LayoutDuration') * 1000,
  };
}

/** One measured page: its CDP session and the costs of each window. */
class Probe {
  readonly windows: Metrics[] = [];
  readonly longTasks: number[][] = [];
  private before: Metrics = { mutations: 0, task: 0, script: 0, style: 0, layout: 0 };
  constructor(
    readonly name: string,
    readonly page: Page,
    readonly cdp: CDPSession,
  ) {}
  static async open(browser: Browser, name: string, viewport: typeof PHONE, cpu: number, url?: string) {
    const context = await browser.newContext({ viewport, hasTouch: viewport === PHONE });
    const page = await context.newPage();
    await page.addInitScript({ content: PAGE_PROBE });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    if (url) await page.goto(url);
    return new Probe(name, page, cdp);
  }
  async start() {
    await this.page.evaluate('window.__long.length = 0; window.__mutations = 0; window.__changed.length = 0');
    this.before = await metrics(this.cdp);
  }
  async stop() {
    const after = await metrics(this.cdp);
    const b = this.before;
    this.windows.push({
      mutations: (await this.page.evaluate('window.__mutations')) as number,
      changed: (await this.page.evaluate('window.__changed.slice()')) as string[],
      task: after.task - b.task,
      script: after.script - b.script,
      style: after.style - b.style,
      layout: after.layout - b.layout,
    });
    this.longTasks.push((await this.page.evaluate('window.__long.slice()')) as number[]);
  }
  taps(): Promise<number[]> {
    return this.page.evaluate('window.__taps.slice()') as Promise<number[]>;
  }
}

async function startProfiles(probes: Probe[]) {
  for (const p of probes) {
    await p.cdp.send('Profiler.enable');
    await p.cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await p.cdp.send('Profiler.start');
  }
}
async function writeProfiles(probes: Probe[], what: string) {
  await mkdir(path.join(root, 'bench/profiles'), { recursive: true });
  for (const p of probes) {
    const { profile } = await p.cdp.send('Profiler.stop');
    const file = path.join(root, `bench/profiles/${p.name}-${what}.cpuprofile`);
    await writeFile(file, JSON.stringify(profile));
    console.log(
      `profile: ${path.relative(root, file)} (npx tsx bench/web-profile-top.ts ${path.relative(root, file)})`,
    );
  }
}

interface TraceFrame {
  processId: number;
  url: string;
  parent?: string;
}
interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    data?: { frames?: TraceFrame[] } & Partial<TraceFrame>;
  };
}

/**
 * The trace is the whole browser's: each renderer's main thread (a page in its own context, its own
 * process) summed apart, named by the URL of the page it rendered.
 */
async function traceSummary(cdp: CDPSession, what: string) {
  const done = new Promise<string>((resolve) =>
    cdp.once('Tracing.tracingComplete', (e) => resolve(e.stream!)),
  );
  await cdp.send('Tracing.end');
  const stream = await done;
  let text = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle: stream });
    text += chunk.data;
    if (chunk.eof) break;
  }
  await mkdir(path.join(root, 'bench/profiles'), { recursive: true });
  await writeFile(path.join(root, `bench/profiles/${what}-trace.json`), text);
  console.log(`trace: bench/profiles/${what}-trace.json (open in DevTools, Performance panel)`);
  const events = (JSON.parse(text) as { traceEvents: TraceEvent[] }).traceEvents;
  const urls = new Map<number, string>();
  // The frames open when the trace started, and those a page committed since.
  for (const e of events) {
    const data = e.args?.data;
    const frames = data?.frames ?? (data?.processId && data.url ? [data as TraceFrame] : []);
    for (const frame of frames) if (!frame.parent && frame.url) urls.set(frame.processId, frame.url);
  }
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  for (const main of mains) {
    const byName = new Map<string, { ms: number; count: number }>();
    for (const e of events)
      if (e.ph === 'X' && e.pid === main.pid && e.tid === main.tid && e.dur) {
        const sum = byName.get(e.name) ?? { ms: 0, count: 0 };
        sum.ms += e.dur / 1000;
        sum.count++;
        byName.set(e.name, sum);
      }
    if (byName.size === 0) continue;
    console.log(`renderer ${main.pid}: ${urls.get(main.pid) ?? '(no page)'}`);
    for (const [name, { ms, count }] of [...byName].sort((a, b) => b[1].ms - a[1].ms).slice(0, 24))
      console.log(`${ms.toFixed(1).padStart(9)} ms ${String(count).padStart(6)}×  ${name}`);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1) + 0.5))] ?? Number.NaN;
};
const median = (values: number[]) => quantile(values, 0.5);

/** Serves the floor page and feeds its sockets the frames it is given. */
async function startFloor(card: number[]) {
  const server = http.createServer((_, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end(floorHtml(card)),
  );
  const wss = new WebSocketServer({ server, path: '/ws' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  /** Sends one frame now. */
  const send = (data: string) => {
    for (const client of wss.clients) if (client.readyState === WebSocket.OPEN) client.send(data);
  };
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    send,
    /** Sends the frames with the gaps they arrived with at the phone. */
    async replay(frames: { at: number; data: string }[]) {
      const first = frames[0]?.at ?? 0;
      const start = Date.now();
      for (const frame of frames) {
        const wait = frame.at - first - (Date.now() - start);
        if (wait > 0) await sleep(wait);
        send(frame.data);
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close();
        server.close(() => resolve());
      }),
  };
}

const product = await startProduct();
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const base = product.url;
  // The facilitator opens the Demo Room's lobby; the presenter view opens beside it.
  const facilitator = await Probe.open(browser, 'facilitator', LAPTOP, 1);
  const fac = facilitator.page;
  await fac.goto(`${base}/admin-login`);
  await fac.getByLabel('Email').fill(product.facilitator.email);
  await fac.getByLabel(/^Password/).fill(product.facilitator.password);
  await fac.getByRole('button', { name: 'Login' }).click();
  await fac.waitForURL('**/facilitator/enter');
  await fac.goto(`${base}/Demo%20Org/facilitator/online/rooms`);
  await fac.getByRole('link', { name: 'Play Demo Room' }).click();
  await fac.waitForURL('**/rooms/play-game/*');
  const roomId = new URL(fac.url()).pathname.split('/').at(-1)!;
  await fac.getByRole('button', { name: 'Open Lobby' }).click();
  await fac.getByText('Lobby open').first().waitFor();
  const presenter = await Probe.open(browser, 'presenter', LAPTOP, 1);
  await presenter.page.context().addCookies(await fac.context().cookies());
  await presenter.page.goto(`${base}/Demo%20Org/facilitator/online/rooms/present/${roomId}`);

  // The phone joins as a player; its socket's frames are recorded for the floor.
  const phone = await Probe.open(browser, 'phone', PHONE, PHONE_CPU);
  const received: { at: number; data: string }[] = [];
  /** Set while a roll's window is open with a floor fed live (BENCH_PHONE_LIVE_FLOOR). */
  let forward: ((data: string) => void) | null = null;
  await phone.cdp.send('Network.enable');
  phone.cdp.on('Network.webSocketFrameReceived', ({ response }) => {
    received.push({ at: Date.now(), data: response.payloadData });
    forward?.(response.payloadData);
  });
  await phone.page.goto(`${base}/`);
  await phone.page.getByLabel('Organization').fill('Demo Org');
  await phone.page.getByLabel('Username').fill('demo-player-1');
  // Tapped, as on a phone: a mouse click leaves a pointer resting on the page, which Chromium hit-tests
  // again after every layout (a phone's finger leaves none).
  await phone.page.getByRole('button', { name: 'Submit' }).tap();
  await phone.page.getByRole('link', { name: 'Join Demo Room' }).tap({ timeout: 60_000 });
  await phone.page.getByRole('button', { name: 'Join Game' }).tap({ timeout: 60_000 });
  await fac.getByRole('button', { name: 'Start Game' }).click({ timeout: 60_000 });
  const cardGroup = phone.page.getByRole('group', { name: 'Your bingo card' });
  await cardGroup.waitFor({ timeout: 60_000 });
  const card = (await cardGroup
    .locator('button')
    .evaluateAll((cells) =>
      cells.map((cell) => Number(cell.textContent?.match(/^\d+/)?.[0] ?? 0)),
    )) as number[];

  if (CHANGES)
    console.log(
      'phone, elements under each part of the screen:',
      await phone.page.evaluate(() =>
        [...document.querySelectorAll('[class*="playerScreen"] > *')].map(
          (e) =>
            `${e.tagName.toLowerCase()}.${String(e.className).split(' ')[0]} ${e.querySelectorAll('*').length + 1}`,
        ),
      ),
      'in all',
      await phone.page.evaluate(() => document.querySelectorAll('*').length),
    );
  // BENCH_PHONE_HIDE=<selector>: those parts of the phone's screen hidden, to see what a part costs a roll.
  if (process.env.BENCH_PHONE_HIDE)
    await phone.page.addStyleTag({
      content: `${process.env.BENCH_PHONE_HIDE} { display: none !important; }`,
    });
  // BENCH_PHONE_CSS=<rules>: a style rule tried on the phone's screen without a build.
  if (process.env.BENCH_PHONE_CSS) await phone.page.addStyleTag({ content: process.env.BENCH_PHONE_CSS });
  const floor = await startFloor(card);
  const floorPhone = await Probe.open(browser, 'floor (4×)', PHONE, 4, floor.url);
  const floorLaptop = await Probe.open(browser, 'floor (1×)', LAPTOP, 1, floor.url);
  await floorLaptop.page.waitForFunction('document.querySelectorAll("#card div").length === 25');
  const ballast = BALLAST ? await Probe.open(browser, 'floor + ballast (4×)', PHONE, 4, floor.url) : null;
  const liveServer = LIVE_FLOOR ? await startFloor(card) : null;
  const liveFloor = liveServer
    ? await Probe.open(browser, 'floor fed live (4×)', PHONE, 4, liveServer.url)
    : null;
  const specPhone = SPEC_FLOOR
    ? await Probe.open(browser, 'spec floor (4×)', PHONE, 4, `${floor.url}?spec`)
    : null;
  const specLaptop = SPEC_FLOOR
    ? await Probe.open(browser, 'spec floor (1×)', LAPTOP, 1, `${floor.url}?spec`)
    : null;
  const specRollAt = specLaptop
    ? await specLaptop.page
        .locator('#roll')
        .boundingBox()
        .then((b) => ({ x: b!.x + b!.width / 2, y: b!.y + b!.height / 2 }))
    : null;
  if (ballast) {
    const copy = await phone.page.evaluate(() => ({
      css: [...document.styleSheets]
        .map((sheet) => [...sheet.cssRules].map((rule) => rule.cssText).join('\n'))
        .join('\n'),
      html: document.body.innerHTML,
      htmlAttrs: [...document.documentElement.attributes].map((a) => [a.name, a.value] as const),
    }));
    await ballast.page.evaluate((c: typeof copy) => {
      for (const [name, value] of c.htmlAttrs) document.documentElement.setAttribute(name, value);
      const style = document.createElement('style');
      style.textContent = c.css;
      document.head.append(style);
      const still = document.createElement('div');
      still.innerHTML = c.html;
      for (const script of still.querySelectorAll('script')) script.remove();
      document.body.append(still);
    }, copy);
  }

  // The Roll button's place, clicked by mouse events alone from here on.
  const toggle = fac.getByRole('switch', { name: 'Hide roll animation' });
  const roll = fac.getByRole('button', { name: 'Roll', exact: true });
  const rollAt = async () => {
    const box = (await roll.boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const pages = [phone, facilitator, presenter];
  const floors = [floorPhone, floorLaptop, ballast, specPhone, specLaptop].filter((p) => p !== null);

  /** One roll on the product's pages, then the same frames on the floors. */
  async function measureRoll(at: { x: number; y: number } | null, windowMs: number) {
    const live = liveFloor ? [...pages, liveFloor] : pages;
    await Promise.all(live.map((p) => p.start()));
    const from = received.length;
    if (liveServer) forward = (data) => liveServer.send(data);
    if (at) await fac.mouse.click(at.x, at.y);
    await sleep(windowMs);
    forward = null;
    await Promise.all(live.map((p) => p.stop()));
    const frames = received.slice(from);
    await Promise.all(floors.map((p) => p.start()));
    if (at && specLaptop && specRollAt) await specLaptop.page.mouse.click(specRollAt.x, specRollAt.y);
    await floor.replay(frames);
    await sleep(Math.max(0, windowMs - (frames.length ? frames.at(-1)!.at - frames[0]!.at : 0)));
    await Promise.all(floors.map((p) => p.stop()));
    return frames.length;
  }

  await toggle.click();
  await fac.waitForTimeout(500);
  const at = await rollAt();
  // What the pages cost doing nothing, for as long as a roll's window.
  if (PROFILE) await startProfiles(pages);
  for (let i = 0; i < IDLE; i++) await measureRoll(null, ROLL_WINDOW_MS);
  if (PROFILE) await writeProfiles(pages, 'idle');
  let frameCount = 0;
  if (PROFILE) await startProfiles(pages);
  const startTrace = () =>
    phone.cdp.send('Tracing.start', { categories: TRACE_CATEGORIES, transferMode: 'ReturnAsStream' });
  if (TRACE) await startTrace();
  for (let i = 0; i < ROLLS; i++) frameCount += await measureRoll(at, ROLL_WINDOW_MS);
  if (PROFILE) await writeProfiles(pages, 'rolls');
  if (TRACE) await traceSummary(phone.cdp, 'rolls');
  if (CHANGES)
    for (const p of pages)
      for (const [i, w] of p.windows.slice(IDLE, IDLE + 3).entries())
        console.log(
          `${p.name}, hidden roll ${i + 1}: ${w.mutations} DOM changes\n  ${w.changed?.join('\n  ')}`,
        );

  // Taps: a rolled cell on the phone, a cell on the throttled floor, in turn.
  if (PROFILE) await startProfiles([phone]);
  if (TRACE_TAPS) await startTrace();
  const rolledCells = phone.page.locator('button[data-rolled]:not([data-marked])');
  // Only these taps: the phone's sign-in and join clicks (navigations, hundreds of ms) were counted too.
  await Promise.all([phone, floorPhone].map((p) => p.page.evaluate('window.__taps.length = 0')));
  for (let i = 0; i < TAPS && (await rolledCells.count()) > 0; i++) {
    const box = (await rolledCells.first().boundingBox())!;
    await phone.page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await sleep(600);
    const cell = (await floorPhone.page.locator('#card div:not(.marked)').nth(i).boundingBox())!;
    await floorPhone.page.touchscreen.tap(cell.x + cell.width / 2, cell.y + cell.height / 2);
    await sleep(600);
  }
  if (PROFILE) await writeProfiles([phone], 'taps');
  if (TRACE_TAPS) await traceSummary(phone.cdp, 'taps');
  const phoneTaps = await phone.taps();
  const floorTaps = await floorPhone.taps();

  // The normal roll: the ball tumbles, then lands.
  const hidden = ROLLS;
  await toggle.click();
  await fac.waitForTimeout(500);
  if (PROFILE) await startProfiles([phone]);
  if (TRACE_ANIMATED) await startTrace();
  for (let i = 0; i < ANIMATED; i++) await measureRoll(at, ANIMATED_WINDOW_MS);
  if (PROFILE) await writeProfiles([phone], 'animated');
  if (TRACE_ANIMATED) await traceSummary(phone.cdp, 'animated');

  if (ALONE > 0) {
    await toggle.click();
    await phone.page.context().close();
    await fac.waitForTimeout(1_000);
    const staff = [facilitator, presenter];
    for (let i = 0; i < ALONE; i++) {
      await Promise.all(staff.map((p) => p.start()));
      await fac.mouse.click(at.x, at.y);
      await sleep(ROLL_WINDOW_MS);
      await Promise.all(staff.map((p) => p.stop()));
    }
  }

  const report = summarise(
    { phone, facilitator, presenter, floorPhone, floorLaptop, ballast, specPhone, specLaptop, liveFloor },
    hidden,
    phoneTaps,
    floorTaps,
  );
  const text = [
    `Measured by \`npm run bench:phone\` on ${new Date().toISOString().slice(0, 10)} (${process.platform}, Chromium ${browser.version()}; the phone 390×844 with the CPU throttled 4×, the facilitator's page and the presenter view 1280×720 unthrottled; ${hidden} rolls without the animation (${(frameCount / hidden).toFixed(1)} frames each at the phone), ${ANIMATED} with it, ${phoneTaps.length} taps; each figure against a floor page fed the same frames, interleaved roll by roll).`,
    '',
    ...report.lines,
  ].join('\n');
  console.log(text);
  if (CHECK_ONLY) {
    const over = report.checks.filter((c) => c.ratio > c.ceiling);
    for (const c of over)
      console.error(`bench:phone check: ${c.name} ${c.ratio.toFixed(2)}× the floor, over ${c.ceiling}×`);
    if (over.length) process.exitCode = 1;
  } else await writePerformanceBlock('phone', 'A budget phone through a roll (`npm run bench:phone`)', text);
  await floor.close();
  await liveServer?.close();
} finally {
  await browser.close();
  await product.close();
}

function summarise(
  probes: Record<'phone' | 'facilitator' | 'presenter' | 'floorPhone' | 'floorLaptop', Probe> &
    Record<'ballast' | 'specPhone' | 'specLaptop' | 'liveFloor', Probe | null>,
  hidden: number,
  phoneTaps: number[],
  floorTaps: number[],
) {
  const idleOf = (p: Probe) => p.windows.slice(0, IDLE);
  const hiddenOf = (p: Probe) => p.windows.slice(IDLE, IDLE + hidden);
  const animatedOf = (p: Probe) => p.windows.slice(IDLE + hidden, IDLE + hidden + ANIMATED);
  const aloneOf = (p: Probe) => p.windows.slice(IDLE + hidden + ANIMATED);
  const task = (w: Metrics[]) => w.map((m) => m.task);
  const script = (w: Metrics[]) => w.map((m) => m.script);
  const of = (w: Metrics[], key: Exclude<keyof Metrics, 'changed'>) => median(w.map((m) => m[key]));
  const ratio = (a: number, b: number) => a / b;
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const longIn = (p: Probe, from: number, to: number) =>
    p.longTasks.slice(IDLE + from, IDLE + to).filter((list) => list.length > 0).length;
  const longest = (p: Probe) => Math.max(0, ...p.longTasks.slice(IDLE).flat());
  const row = (
    p: Probe,
    floor: Probe,
    windows: (p: Probe) => Metrics[],
    label: string,
    floorWindows = windows,
  ) => {
    const [a, b] = [windows(p), floorWindows(floor)];
    return {
      median: ratio(median(task(a)), median(task(b))),
      p90: ratio(quantile(task(a), 0.9), quantile(task(b), 0.9)),
      script: ratio(median(script(a)), median(script(b))),
      mutations: ratio(of(a, 'mutations'), of(b, 'mutations')),
      line: `| ${label} | ${ms(median(task(a)))} / ${ms(quantile(task(a), 0.9))} | ${ms(median(task(b)))} / ${ms(quantile(task(b), 0.9))} | **${ratio(median(task(a)), median(task(b))).toFixed(2)}× / ${ratio(quantile(task(a), 0.9), quantile(task(b), 0.9)).toFixed(2)}×** | ${ratio(median(script(a)), median(script(b))).toFixed(2)}× | ${ms(of(a, 'script'))}, ${ms(of(a, 'style'))}, ${ms(of(a, 'layout'))} | ${ms(of(b, 'script'))}, ${ms(of(b, 'style'))}, ${ms(of(b, 'layout'))} | ${of(a, 'mutations')} / ${of(b, 'mutations')} |`,
    };
  };
  const phone = row(probes.phone, probes.floorPhone, hiddenOf, 'phone, 4×');
  const fac = row(probes.facilitator, probes.floorLaptop, hiddenOf, 'facilitator, 1×');
  const pres = row(probes.presenter, probes.floorLaptop, hiddenOf, 'presenter, 1×');
  const animated = row(probes.phone, probes.floorPhone, animatedOf, 'phone, 4×, animated roll');
  const idle = [
    row(probes.phone, probes.floorPhone, idleOf, 'phone, 4×, no roll'),
    row(probes.facilitator, probes.floorLaptop, idleOf, 'facilitator, 1×, no roll'),
    row(probes.presenter, probes.floorLaptop, idleOf, 'presenter, 1×, no roll'),
  ];
  const tap = ratio(median(phoneTaps), median(floorTaps));
  const lines = [
    '| page, per roll | main thread median / p90 | floor median / p90 | ratio median / p90 | script ratio | page: script, style, layout (medians) | floor: script, style, layout | DOM changes, page / floor |',
    '|---|---|---|---|---|---|---|---|',
    phone.line,
    fac.line,
    pres.line,
    animated.line,
    ...idle.map((r) => r.line),
    ...(probes.ballast
      ? [
          row(probes.ballast, probes.floorPhone, hiddenOf, "floor + the phone's CSS and DOM, 4×").line,
          row(probes.phone, probes.ballast, hiddenOf, 'phone against that, 4×').line,
        ]
      : []),
    ...(probes.specPhone && probes.specLaptop
      ? [
          row(probes.specPhone, probes.floorPhone, hiddenOf, 'spec floor (count, announcement), 4×').line,
          row(probes.phone, probes.specPhone, hiddenOf, 'phone against the spec floor, 4×').line,
          row(probes.specLaptop, probes.floorLaptop, hiddenOf, 'spec floor (+ Roll clicked, off and on), 1×')
            .line,
          row(probes.facilitator, probes.specLaptop, hiddenOf, 'facilitator against the spec floor, 1×').line,
        ]
      : []),
    ...(ALONE > 0
      ? [
          row(probes.facilitator, probes.floorLaptop, aloneOf, 'facilitator, the phone closed, 1×', hiddenOf)
            .line,
          row(probes.presenter, probes.floorLaptop, aloneOf, 'presenter, the phone closed, 1×', hiddenOf)
            .line,
        ]
      : []),
    ...(probes.liveFloor
      ? [
          row(probes.liveFloor, probes.floorPhone, hiddenOf, 'floor fed at the same moment, 4×').line,
          row(probes.phone, probes.liveFloor, hiddenOf, 'phone against that, 4×').line,
        ]
      : []),
    '',
    `Long tasks (≥ 50 ms): the phone had them in **${longIn(probes.phone, 0, hidden)} of ${hidden}** hidden rolls (the first included) and ${longIn(probes.phone, hidden, hidden + ANIMATED)} of ${ANIMATED} animated ones, the longest ${ms(longest(probes.phone))}; the throttled floor in ${longIn(probes.floorPhone, 0, hidden + ANIMATED)}.`,
    `Tap to paint (a rolled cell marked): the phone **${ms(median(phoneTaps))}** median, the throttled floor ${ms(median(floorTaps))}: **${tap.toFixed(2)}×**.`,
    '',
    `Targets (issue 46): the phone ≤ ${TARGETS.phoneMedian}× at the median and ≤ ${TARGETS.phoneP90}× at p90, script ≤ ${TARGETS.phoneScript}×, no long task in any roll, a tap within ${TARGETS.tap}×; the facilitator and presenter ≤ ${TARGETS.staff}×.`,
  ];
  const checks = [
    { name: 'phone script per roll', ratio: phone.script, ceiling: CHECK.phoneScript },
    { name: 'facilitator script per roll', ratio: fac.script, ceiling: CHECK.facilitatorScript },
    { name: 'presenter script per roll', ratio: pres.script, ceiling: CHECK.presenterScript },
  ];
  return { lines, checks };
}
