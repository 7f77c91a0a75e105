/** Query keys of organizations; invalidating `all` refreshes every page, option list and record. */
export const organizationKeys = {
  all: ['organizations'] as const,
  page: (page: number, term: string) => ['organizations', 'page', page, term] as const,
  item: (id: number) => ['organizations', 'by-id', id] as const,
  options: ['organizations', 'options'] as const,
  linkableWorkshops: (orgId: number) => ['organizations', 'linkable-workshops', orgId] as const,
  workshops: (orgName: string) => ['org-workshops', orgName] as const,
  expiry: (orgId: number) => ['org-expiry', orgId] as const,
};
