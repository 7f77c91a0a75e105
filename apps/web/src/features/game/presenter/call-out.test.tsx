import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callOutText, ROLL_SOUND, useCallOut, voiceFor } from './call-out';

const spoken: string[] = [];
const played: string[] = [];
const players = new Set<HTMLMediaElement>();

beforeEach(() => {
  spoken.length = 0;
  played.length = 0;
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
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(new URL(this.src).pathname);
    players.add(this);
    return Promise.resolve();
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ball call-out', () => {
  it("says 'B, 7' and plays the roll sound for each new ball, from one element", () => {
    const { rerender } = renderHook(({ rolls, rolling }) => useCallOut(rolls, rolling, false), {
      initialProps: { rolls: [] as number[], rolling: false },
    });
    rerender({ rolls: [7], rolling: true });
    rerender({ rolls: [7], rolling: false });
    rerender({ rolls: [7, 75], rolling: true });
    expect(spoken).toEqual(['B, 7', 'O, 75']);
    expect(played).toEqual([ROLL_SOUND, ROLL_SOUND]);
    expect(players.size).toBe(1);
    expect(callOutText(33)).toBe('N, 33');
  });

  it('stays silent for a snapshot after a reload, and when muted', () => {
    const { rerender } = renderHook(({ rolls, rolling, muted }) => useCallOut(rolls, rolling, muted), {
      initialProps: { rolls: [] as number[], rolling: false, muted: false },
    });
    rerender({ rolls: [3, 20, 40], rolling: true, muted: false });
    rerender({ rolls: [3, 20, 40], rolling: false, muted: false });
    rerender({ rolls: [3, 20, 40, 50], rolling: true, muted: true });
    rerender({ rolls: [3, 20, 40, 50], rolling: true, muted: false });
    expect(spoken).toEqual([]);
    expect(played).toEqual([]);
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
