import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { initWasm, Resvg } from '@resvg/resvg-wasm';

let ready: Promise<void> | undefined;

/** resvg's WebAssembly build (no native binary), loaded once on the first SVG logo that is printed or mailed. */
function init(): Promise<void> {
  ready ??= (async () => {
    const wasm = createRequire(import.meta.url).resolve('@resvg/resvg-wasm/index_bg.wasm');
    await initWasm(await readFile(wasm));
  })();
  return ready;
}

/**
 * A PNG of a logo for what cannot draw SVG (pdf-lib, many mail clients): PNGs as they are, sanitized
 * SVGs rendered `height` pixels tall. Stored SVGs refer to nothing outside themselves, so resvg loads
 * nothing while it draws.
 */
export async function logoAsPng(bytes: Buffer, contentType: string, height = 240): Promise<Uint8Array> {
  if (contentType !== 'image/svg+xml') return bytes;
  await init();
  const svg = new Resvg(bytes.toString('utf8'), { fitTo: { mode: 'height', value: height } });
  return svg.render().asPng();
}
