import { DASHBOARD_API } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/api';

/** Query keys of the dashboards. */
export const dashboardKeys = {
  overview: ['dashboard', 'overview'] as const,
  org: (orgName: string) => ['dashboard', 'org', orgName] as const,
};

/** The super admin's overview. */
export function useOverviewDashboard(enabled = true) {
  return useQuery({
    queryKey: dashboardKeys.overview,
    queryFn: ({ signal }) => api.call(DASHBOARD_API.overview, {}, { signal }),
    enabled,
  });
}

/** An organization's dashboard (admins). */
export function useOrgDashboard(orgName: string, enabled = true) {
  return useQuery({
    queryKey: dashboardKeys.org(orgName),
    queryFn: ({ signal }) => api.call(DASHBOARD_API.organization, { params: { org: orgName } }, { signal }),
    enabled,
  });
}
