/** Query keys of the dashboards. */
export const dashboardKeys = {
  overview: ['dashboard', 'overview'] as const,
  org: (orgName: string) => ['dashboard', 'org', orgName] as const,
};
