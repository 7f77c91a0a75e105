import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callOutText, ROLL_SOUND, useCallOut, voiceFor } from './call-out';

const spoken: string[] = [];
/** Each roll sound started: the context it played in, its buffer and volume. */
const started: { context: FakeContext; buffer: unknown; volume: number }[] = [];
const fetched: string[] = [];

/** Web Audio as the call-out uses it: one context decodes the file, each sound a started source. */
class FakeContext {
  state = 'running';
  destination = {};
  resume = vi.fn(async () => {});
  decodeAudioData = async (data: ArrayBuffer) => ({ decodedFrom: data.byteLength });
  createGain() {
    return { gain: { value: 1 }, connect: (to: unknown) => to };
  }
  createBufferSource() {
    const source = {
      buffer: null as unknown,
      connect: (gain: { gain: { value: number } }) => {
        source.start = () => started.push({ context: this, buffer: source.buffer, volume: gain.gain.value });
        return gain;
      },
      start: (): unknown => {
        throw new Error('started before it was connected');
      },
    };
    return source;
  }
}

beforeEach(() => {
  spoken.length = 0;
  started.length = 0;
  vi.stubGlobal('AudioContext', FakeContext);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      fetched.push(url);
      return new Response(new Uint8Array(44));
    }),
  );
  vi.stubGlobal(
    'SpeechSynthesisUtterance',
    class {
      rate = 1;
      constructor(public text: string) {}
    },
  );
  Object.defineProperty(window, 'speechSynthesis', {
    configurable: true,
    value: { cancel: vi.fn(), speak: (u: { text: string }) => spoken.push(u.text) },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ball call-out', () => {
  it('a browser that will not open an audio context still says each ball', async () => {
    vi.resetModules();
    vi.stubGlobal(
      'AudioContext',
      class {
        constructor() {
          throw new Error('no audio device');
        }
      },
    );
    const fresh = await import('./call-out');
    const before = fetched.length;
    const { rerender } = renderHook(({ rolls, rolling }) => fresh.useCallOut(rolls, rolling, false), {
      initialProps: { rolls: [] as number[], rolling: false },
    });
    await new Promise((resolve) => setTimeout(resolve, 10)); // the sound made ready: nothing thrown
    rerender({ rolls: [7], rolling: true });
    rerender({ rolls: [7, 75], rolling: true });
    expect(spoken).toEqual(['B, 7', 'O, 75']);
    expect(fetched).toHaveLength(before);
  });

  it("says 'B, 7' and plays the roll sound for each new ball, the file fetched and decoded once", async () => {
    const { rerender } = renderHook(({ rolls, rolling }) => useCallOut(rolls, rolling, false), {
      initialProps: { rolls: [] as number[], rolling: false },
    });
    // Made ready with the screen, before the first ball.
    await waitFor(() => expect(fetched).toEqual([ROLL_SOUND]));
    expect(started).toEqual([]);
    rerender({ rolls: [7], rolling: true });
    rerender({ rolls: [7], rolling: false });
    rerender({ rolls: [7, 75], rolling: true });
    expect(spoken).toEqual(['B, 7', 'O, 75']);
    await waitFor(() => expect(started).toHaveLength(2));
    expect(fetched).toEqual([ROLL_SOUND]);
    expect(started[0]!.context).toBe(started[1]!.context);
    expect(started.map((s) => s.buffer)).toEqual([{ decodedFrom: 44 }, { decodedFrom: 44 }]);
    expect(started[0]!.volume).toBe(0.6);
    expect(callOutText(33)).toBe('N, 33');
  });

  it('stays silent for a snapshot after a reload, and when muted', async () => {
    const { rerender } = renderHook(({ rolls, rolling, muted }) => useCallOut(rolls, rolling, muted), {
      initialProps: { rolls: [] as number[], rolling: false, muted: false },
    });
    rerender({ rolls: [3, 20, 40], rolling: true, muted: false });
    rerender({ rolls: [3, 20, 40], rolling: false, muted: false });
    rerender({ rolls: [3, 20, 40, 50], rolling: true, muted: true });
    rerender({ rolls: [3, 20, 40, 50], rolling: true, muted: false });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(spoken).toEqual([]);
    expect(started).toEqual([]);
  });
});

describe('voiceFor', () => {
  const voice = (lang: string, isDefault = false) => ({ lang, default: isDefault }) as SpeechSynthesisVoice;
  it("picks a voice of the room's language, the device's default one first", () => {
    const voices = [voice('en-US', true), voice('de-AT'), voice('de-DE', true)];
    expect(voiceFor(voices, 'de')?.lang).toBe('de-DE');
    expect(voiceFor([voice('de_CH')], 'de')?.lang).toBe('de_CH');
  });
  it('none when the device has no voice for it (the default voice then speaks)', () => {
    expect(voiceFor([voice('en-US', true)], 'ar')).toBeUndefined();
  });
});
