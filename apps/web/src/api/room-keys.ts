/** Query keys of the live game's REST side (the room lists use queryKeys.orgRooms). */
export const roomKeys = {
  session: (roomId: number) => ['rooms', 'session', roomId] as const,
};
