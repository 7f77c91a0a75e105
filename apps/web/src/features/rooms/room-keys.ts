// Apart from rooms-api.ts so the game socket (on the player's path) can name a key without the
// rooms hooks' module.
/** Query keys of rooms; invalidating `all` refreshes lists, records, join codes and activity. */
export const roomKeys = {
  all: ['rooms'] as const,
  byOrg: (orgName: string) => ['rooms', 'by-org', orgName] as const,
  item: (roomId: number) => ['rooms', 'by-id', roomId] as const,
  activity: (orgName: string) => ['rooms', 'activity', orgName] as const,
  joinCode: (roomId: number | null) => ['rooms', 'join-code', roomId] as const,
  joinInfo: (code: string) => ['join-info', code] as const,
};
