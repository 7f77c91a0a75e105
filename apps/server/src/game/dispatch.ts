import { type ClientMessage, commandSpec, type GameCommand } from '@playshop/shared';

/** What a client message asks of a room; null for messages that are not room commands (ping). */
export interface Dispatch {
  roomId: number;
  command: GameCommand;
  /** join_room and reconnect put the socket in the room; leave_room takes it out (GAME_COMMANDS' `socket`). */
  socket: 'join' | 'leave' | null;
  lastSeq?: number;
}

/**
 * The wire to the engine (SPEC §4 messages): a frame's payload is the command itself, named by its
 * `action` as GAME_COMMANDS declares it, less the room it is for. No case per command: a command
 * declared there reaches the engine's rule of the same name.
 */
export function dispatch(message: ClientMessage): Dispatch | null {
  if (message.type === 'ping') return null;
  if (message.type === 'ready') return toRoom(message.payload.roomId, { action: 'ready' });
  const { roomId, ...command } = message.payload;
  return toRoom(roomId, command, command.action === 'reconnect' ? command.lastSeq : undefined);
}

const toRoom = (roomId: number, command: GameCommand, lastSeq?: number): Dispatch => ({
  roomId,
  command,
  socket: commandSpec(command.action).socket ?? null,
  ...(lastSeq === undefined ? {} : { lastSeq }),
});
