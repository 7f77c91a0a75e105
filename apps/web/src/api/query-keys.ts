/** Query keys in one place, so invalidation and the hooks cannot drift apart. */
export const queryKeys = {
  publicSettings: ['public-settings'] as const,
  orgExpiry: (orgId: number) => ['org-expiry', orgId] as const,
  orgWorkshops: (orgName: string) => ['org-workshops', orgName] as const,
  orgRooms: (orgName: string) => ['rooms', 'by-org', orgName] as const,
  room: (roomId: number) => ['rooms', 'by-id', roomId] as const,
  dashboardOverview: ['dashboard', 'overview'] as const,
  orgDashboard: (orgName: string) => ['dashboard', 'org', orgName] as const,
  roomActivity: (orgName: string) => ['rooms', 'activity', orgName] as const,
};
