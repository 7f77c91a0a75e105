/**
 * Whether this tab has joined a room's game, so a reload goes straight back into the game (the
 * server gives the same card back). Per tab, like the socket.
 */
const key = (roomId: number) => `playshop:joined-room:${roomId}`;

export const joinedRoom = {
  has(roomId: number): boolean {
    try {
      return sessionStorage.getItem(key(roomId)) === '1';
    } catch {
      return false;
    }
  },
  set(roomId: number, joined: boolean): void {
    try {
      if (joined) sessionStorage.setItem(key(roomId), '1');
      else sessionStorage.removeItem(key(roomId));
    } catch {
      // Storage off: a reload shows the Join screen again, and joining gives the same card back.
    }
  },
};
