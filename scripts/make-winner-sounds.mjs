#!/usr/bin/env node
// Synthesises the seven winner jingles of SPEC §2 (win screen) into apps/web/public/sounds/ as small
// 16 kHz mono 16-bit WAV files. The project makes its own sounds: nothing is downloaded.
// Run: node scripts/make-winner-sounds.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { wav } from './wav.mjs';

const RATE = 16_000;
const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public/sounds');

/** Semitones from A4 to Hz. */
const hz = (semitone) => 440 * 2 ** (semitone / 12);
// Notes relative to A4: C5=3, D5=5, E5=7, F5=8, G5=10, A5=12, B5=14, C6=15.
const JINGLES = [
  { notes: [3, 7, 10, 15], beat: 0.14, wave: 'square' },
  { notes: [10, 7, 10, 15, 15], beat: 0.12, wave: 'triangle' },
  { notes: [3, 3, 7, 10, 7, 15], beat: 0.11, wave: 'square' },
  { notes: [-2, 3, 7, 12, 15], beat: 0.15, wave: 'triangle' },
  { notes: [15, 10, 12, 14, 15], beat: 0.13, wave: 'sine' },
  { notes: [3, 5, 7, 8, 10, 12, 14, 15], beat: 0.08, wave: 'square' },
  { notes: [7, 10, 15, 10, 15, 19], beat: 0.12, wave: 'triangle' },
];

function oscillator(wave, phase) {
  const x = phase % 1;
  if (wave === 'square') return x < 0.5 ? 0.6 : -0.6;
  if (wave === 'triangle') return 4 * Math.abs(x - 0.5) - 1;
  return Math.sin(2 * Math.PI * x);
}

function render({ notes, beat, wave }) {
  // Each note is one beat, the last held for four, with a short attack and decay.
  const spans = notes.map((n, i) => ({ f: hz(n), len: i === notes.length - 1 ? beat * 4 : beat }));
  const total = spans.reduce((s, n) => s + n.len, 0) + 0.05;
  const samples = new Float32Array(Math.ceil(total * RATE));
  let t0 = 0;
  for (const { f, len } of spans) {
    const start = Math.floor(t0 * RATE);
    const count = Math.floor(len * RATE);
    for (let i = 0; i < count; i++) {
      const t = i / RATE;
      const env = Math.min(1, t / 0.01) * Math.exp((-3 * t) / len);
      // A fifth above, softly, for a brighter chime.
      const v = oscillator(wave, f * t) * 0.7 + oscillator('sine', f * 1.5 * t) * 0.2;
      samples[start + i] += v * env * 0.5;
    }
    t0 += len;
  }
  return samples;
}

mkdirSync(outDir, { recursive: true });
for (const [i, jingle] of JINGLES.entries()) {
  const file = path.join(outDir, `winner-${i + 1}.wav`);
  const bytes = wav(render(jingle), RATE);
  writeFileSync(file, bytes);
  console.log(`${path.relative(process.cwd(), file)}  ${(bytes.length / 1024).toFixed(1)} KB`);
}
