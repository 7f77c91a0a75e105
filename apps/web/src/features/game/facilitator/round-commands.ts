import { AUTO_CALL_SECONDS, type ClientMessage, type WinPattern } from '@playshop/shared';

/** Auto-call intervals the facilitator can pick: 10 to 60 seconds in steps of 5. */
export const AUTO_CALL_CHOICES: readonly number[] = Array.from(
  { length: (AUTO_CALL_SECONDS.max - AUTO_CALL_SECONDS.min) / 5 + 1 },
  (_, i) => AUTO_CALL_SECONDS.min + i * 5,
);

/** The round's rules as protocol messages: win patterns (prizes in order) and auto-call. */
export function roundCommands(roomId: number, send: (message: ClientMessage) => void) {
  return {
    /** Only before the round's first ball; the server answers `round_rules` to everyone. */
    setPrizes: (prizes: WinPattern[]) =>
      send({ type: 'game_event', payload: { action: 'set_prizes', roomId, prizes } }),
    /** null turns auto-call off. */
    setAutoCall: (seconds: number | null) =>
      send({ type: 'game_event', payload: { action: 'set_auto_call', roomId, seconds } }),
    pauseAutoCall: () => send({ type: 'game_event', payload: { action: 'pause_auto_call', roomId } }),
    resumeAutoCall: () => send({ type: 'game_event', payload: { action: 'resume_auto_call', roomId } }),
  };
}

export type RoundCommands = ReturnType<typeof roundCommands>;
