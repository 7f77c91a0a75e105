/** A connection state worth saying only once it has lasted this long: a reconnect within it says nothing. */
export const NOTICE_AFTER_MS = 2_000;
