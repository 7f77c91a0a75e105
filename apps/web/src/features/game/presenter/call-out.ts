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
 * The roll sound through Web Audio: the file fetched and decoded once, each ball a buffer source
 * started on the audio thread. An <audio> element seeked to its start and played again cost the
 * presenter's page more than the rest of a roll (its media pipeline and events ran on the main
 * thread: about twice the floor in bench:phone, issue 46).
 */
let rollSound: { context: AudioContext; buffer: Promise<AudioBuffer | null> } | null = null;

/**
 * The roll sound's context and decoded file, opened once; null where the browser has no Web Audio
 * or will not open it (the voice and the screen still call the ball).
 */
function rollSoundOf() {
  if (typeof AudioContext === 'undefined') return null;
  if (!rollSound) {
    let context: AudioContext;
    try {
      context = new AudioContext();
    } catch {
      return null;
    }
    const buffer = fetch(ROLL_SOUND)
      .then((response) => response.arrayBuffer())
      .then((data) => context.decodeAudioData(data))
      .catch(() => null);
    rollSound = { context, buffer };
    // A browser starts a context suspended until the page is used: the first click or key wakes it.
    const wake = () => void context.resume().catch(() => {});
    document.addEventListener('pointerdown', wake, { once: true });
    document.addEventListener('keydown', wake, { once: true });
  }
  return rollSound;
}

function playRollSound() {
  const sound = rollSoundOf();
  if (!sound) return;
  const { context, buffer } = sound;
  if (context.state === 'suspended') void context.resume().catch(() => {});
  void buffer.then((decoded) => {
    if (!decoded) return;
    const source = context.createBufferSource();
    source.buffer = decoded;
    const volume = context.createGain();
    volume.gain.value = ROLL_VOLUME;
    source.connect(volume).connect(context.destination);
    source.start();
  });
}

/** The roll sound, then the ball said aloud with the browser's speech synthesis, where it has one. */
function callOut(n: number) {
  playRollSound();
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
  // The sound is made ready with the screen, not with the first ball: opening an audio context can
  // take a browser a quarter of a second (Chromium headless, measured in bench:phone).
  useEffect(() => {
    if (muted) return;
    const timer = setTimeout(rollSoundOf, 0);
    return () => clearTimeout(timer);
  }, [muted]);
  useEffect(() => {
    const grewByOne = rolls.length === seen.current + 1;
    seen.current = rolls.length;
    const last = rolls.at(-1);
    if (grewByOne && isRolling && !muted && last !== undefined) callOut(last);
  }, [rolls, isRolling, muted]);
}
