import { useLocalStorage } from '@mantine/hooks';
import { ballLetter } from '@playshop/shared';
import { useEffect, useRef } from 'react';
import { currentLanguage } from '../../../i18n/i18n';

/** The presenter's mute toggle, remembered on this device. */
const MUTED_KEY = 'playshop:presenter-muted';
export const ROLL_SOUND = '/sounds/roll.wav';
const ROLL_VOLUME = 0.6;

export function useMuted() {
  return useLocalStorage<boolean>({ key: MUTED_KEY, defaultValue: false, getInitialValueInEffect: false });
}

/** What the voice says for a ball: 'B, 7' (the comma gives the pause a caller makes). */
export const callOutText = (n: number) => `${ballLetter(n)}, ${n}`;

/**
 * The roll sound: one element, loaded with the first ball and played from its start for each one
 * after (a new element a roll fetched the file and built a media player every time: issue 46).
 */
let rollSound: HTMLAudioElement | null = null;

/** The roll sound, then the ball said aloud with the browser's speech synthesis, where it has one. */
function callOut(n: number) {
  try {
    rollSound ??= new Audio(ROLL_SOUND);
    rollSound.volume = ROLL_VOLUME;
    rollSound.currentTime = 0;
    void rollSound.play().catch(() => {});
  } catch {
    // No audio here: the voice and the screen still call the ball.
  }
  const speech = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
  if (!speech || typeof SpeechSynthesisUtterance === 'undefined') return;
  const utterance = new SpeechSynthesisUtterance(callOutText(n));
  utterance.rate = 0.9;
  // The room's language (the presenter shows it) when this device has a voice for it; else its default voice.
  const voice = voiceFor(speech.getVoices?.() ?? [], currentLanguage());
  if (voice) {
    utterance.voice = voice;
    utterance.lang = voice.lang;
  }
  speech.cancel();
  speech.speak(utterance);
}

/** The device's voice for `language` ('de' matches 'de-DE'), its default one first; none: undefined. */
export function voiceFor(voices: readonly SpeechSynthesisVoice[], language: string) {
  const matching = voices.filter((v) => v.lang.toLowerCase().split(/[-_]/)[0] === language);
  return matching.find((v) => v.default) ?? matching[0];
}

/**
 * Calls out each new ball as it is rolled: one more ball while the room shows a roll. A snapshot
 * after a reload (many balls at once, or the board already settled) stays silent.
 */
export function useCallOut(rolls: readonly number[], isRolling: boolean, muted: boolean) {
  const seen = useRef(rolls.length);
  useEffect(() => {
    const grewByOne = rolls.length === seen.current + 1;
    seen.current = rolls.length;
    const last = rolls.at(-1);
    if (grewByOne && isRolling && !muted && last !== undefined) callOut(last);
  }, [rolls, isRolling, muted]);
}
