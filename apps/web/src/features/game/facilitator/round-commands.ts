import { AUTO_CALL_SECONDS, type ClientMessage, type WinPattern } from '@playshop/shared';
import { roomCommand } from '../shared/game-connection';

/** Auto-call intervals the facilitator can pick: 10 to 60 seconds in steps of 5. */
export const AUTO_CALL_CHOICES: readonly number[] = Array.from(
  { length: (AUTO_CALL_SECONDS.max - AUTO_CALL_SECONDS.min) / 5 + 1 },
  (_, i) => AUTO_CALL_SECONDS.min + i * 5,
);

/** The round's rules as protocol messages: win patterns (prizes in order) and auto-call. */
export function roundCommands(roomId: number, send: (message: ClientMessage) => void) {
  const command = roomCommand(roomId, send);
  return {
    /** Only before the round's first ball; the server answers `round_rules` to everyone. */
    setPrizes: (prizes: WinPattern[]) => command({ action: 'set_prizes', prizes }),
    /** null turns auto-call off. */
    setAutoCall: (seconds: number | null) => command({ action: 'set_auto_call', seconds }),
    pauseAutoCall: () => command({ action: 'pause_auto_call' }),
    resumeAutoCall: () => command({ action: 'resume_auto_call' }),
  };
}

export type RoundCommands = ReturnType<typeof roundCommands>;
