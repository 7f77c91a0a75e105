// Writes apps/web/public/sounds/roll.wav: the presenter view's roll sound, a ball rattling in the
// cage (clicks coming closer together) and a soft two-tone landing. Synthesized, so no licence to
// track; run `node scripts/make-roll-sound.mjs` to make it again (the output is committed).
import { writeFileSync } from 'node:fs';
import { wav } from './wav.mjs';

const rate = 22050;
const samples = Math.floor(rate * 0.9);
const data = new Float64Array(samples);
let seed = 7;
const noise = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return (seed / 0x7fffffff) * 2 - 1;
};
const clicks = [];
for (let t = 0.02, gap = 0.09; t < 0.65; t += gap, gap *= 0.9) clicks.push(t);
for (let i = 0; i < samples; i++) {
  const s = i / rate;
  let v = 0;
  for (const c of clicks) {
    const d = s - c;
    if (d >= 0 && d < 0.03)
      v += noise() * Math.exp(-d * 180) * 0.5 + Math.sin(2 * Math.PI * 1800 * d) * Math.exp(-d * 220) * 0.4;
  }
  const d = s - 0.68;
  if (d >= 0)
    v +=
      Math.sin(2 * Math.PI * 660 * d) * Math.exp(-d * 9) * 0.45 +
      Math.sin(2 * Math.PI * 990 * d) * Math.exp(-d * 12) * 0.2;
  data[i] = v;
}
writeFileSync(new URL('../apps/web/public/sounds/roll.wav', import.meta.url), wav(data, rate, 32_000));
