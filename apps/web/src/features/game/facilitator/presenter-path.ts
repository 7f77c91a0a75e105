/** The presenter view's address for a room: opened by 'Open presenter view' on the control screen. */
export const presenterPath = (org: string, roomId: number) =>
  `/${encodeURIComponent(org)}/facilitator/online/rooms/present/${roomId}`;
