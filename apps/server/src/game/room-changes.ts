import type { MessageKey } from '@playshop/shared';
import type { Actor } from '../http/actor';

/** Opens a room's lobby as the game screen does; answers the game's refusal, if any. */
export type LobbyOpener = (actor: Actor, roomId: number) => Promise<{ error: MessageKey } | { ok: true }>;
/** Told when a room's code or guest rule changes. */
export type JoinCodeListener = (roomId: number, code: string) => void;
/** Told when a room is moved to another session by hand. */
export type SessionListener = (actor: Actor, roomId: number, sessionId: number) => Promise<unknown>;

/**
 * What the rooms list changes that a live game must follow: the rooms service (rooms/service.ts, a
 * layer above the game) offers these, and live-game.ts subscribes the room directory to them.
 */
export interface RoomChanges {
  onOpenLobby(opener: LobbyOpener): void;
  onJoinCodeChanged(listener: JoinCodeListener): void;
  onSessionChanged(listener: SessionListener): void;
}
