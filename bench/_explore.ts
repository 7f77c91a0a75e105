import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from '../e2e/support/chromium';
import { startProduct } from './web-product';
const product = await startProduct();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
try {
  const base = product.url;
  const facCtx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const fac = await facCtx.newPage();
  await fac.goto(`${base}/admin-login`);
  await fac.getByLabel('Email').fill(product.facilitator.email);
  await fac.getByLabel(/^Password/).fill(product.facilitator.password);
  await fac.getByRole('button', { name: 'Login' }).click();
  await fac.waitForURL('**/facilitator/enter');
  await fac.goto(`${base}/Demo%20Org/facilitator/online/rooms`);
  await fac.getByRole('link', { name: 'Play Demo Room' }).click();
  await fac.waitForURL('**/rooms/play-game/*');
  await fac.getByRole('button', { name: 'Open Lobby' }).click();
  await fac.getByText('Lobby open').first().waitFor();
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const phone = await ctx.newPage();
  await phone.goto(`${base}/`);
  await phone.getByLabel('Organization').fill('Demo Org');
  await phone.getByLabel('Username').fill('demo-player-1');
  await phone.getByRole('button', { name: 'Submit' }).click();
  await phone.getByRole('link', { name: 'Join Demo Room' }).click({ timeout: 60_000 });
  await phone.getByRole('button', { name: 'Join Game' }).click({ timeout: 60_000 });
  await fac.getByRole('button', { name: 'Start Game' }).click({ timeout: 60_000 });
  await phone.getByRole('group', { name: 'Your bingo card' }).waitFor({ timeout: 60_000 });
  await fac.getByRole('switch', { name: 'Hide roll animation' }).click();
  for (let i = 0; i < 5; i++) { await fac.getByRole('button', { name: 'Roll', exact: true }).click(); await fac.waitForTimeout(1500); }
  const cdp = await ctx.newCDPSession(phone);
  await cdp.send('DOM.enable');
  await cdp.send('LayerTree.enable');
  const layersP = new Promise<any>((resolve) => cdp.on('LayerTree.layerTreeDidChange', (e) => { if (e.layers) resolve(e); }));
  await fac.getByRole('button', { name: 'Roll', exact: true }).click();
  const layers = await layersP;
  console.log('elements', await phone.evaluate('document.querySelectorAll("*").length'));
  console.log('stylesheets rules', await phone.evaluate('[...document.styleSheets].reduce((n, s) => { try { return n + s.cssRules.length } catch { return n } }, 0)'));
  const l = layers.layers ?? [];
  console.log('layers', l.length);
  for (const x of l) console.log(' ', x.layerId, x.width, x.height, x.drawsContent, x.backendNodeId ?? '', x.compositingReasons ?? '');
  for (const x of l) { if (x.backendNodeId) { try { const d = await cdp.send('DOM.describeNode', { backendNodeId: x.backendNodeId }); console.log(x.layerId, d.node.nodeName, d.node.attributes?.join(' ')); } catch {} } }
  for (const x of l) { try { const r = await cdp.send('LayerTree.compositingReasons', { layerId: x.layerId }); console.log(x.layerId, r.compositingReasonIds?.join(',')); } catch {} }
  await phone.screenshot({ path: '/tmp/phone.png', fullPage: true });
  console.log(await phone.evaluate('document.body.innerHTML.length'));
} finally { await browser.close(); await product.close(); }
