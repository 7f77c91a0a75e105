// One home for the WAV format of the synthesized sounds (make-roll-sound.mjs, make-winner-sounds.mjs).

/**
 * 16-bit mono PCM WAV bytes of `samples` (each in -1..1, clipped) at `rate` Hz; `peak` is the value
 * a sample of 1 becomes.
 */
export function wav(samples, rate, peak = 32_767) {
  const data = Buffer.alloc(samples.length * 2);
  for (const [i, s] of samples.entries()) {
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * peak), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
