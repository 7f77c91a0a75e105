import { ZDashboardRooms, ZOrgDashboard, ZOverviewDashboard } from '@playshop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { roomKeys } from '../../rooms/api/keys';
import { dashboardKeys } from './keys';

/** How often a dashboard asks again for the rooms' state and player counts. */
const ROOM_ACTIVITY_REFRESH_MS = 10_000;

/** GET /dashboard/overview (super admin). */
export function useOverviewDashboard(enabled = true) {
  return useQuery({
    queryKey: dashboardKeys.overview,
    queryFn: ({ signal }) => api.get('/dashboard/overview', { schema: ZOverviewDashboard, signal }),
    enabled,
  });
}

/** GET /dashboard/org/{org} (admins). */
export function useOrgDashboard(orgName: string, enabled = true) {
  return useQuery({
    queryKey: dashboardKeys.org(orgName),
    queryFn: ({ signal }) =>
      api.get(`/dashboard/org/${encodeURIComponent(orgName)}`, { schema: ZOrgDashboard, signal }),
    enabled,
  });
}

/** GET /dashboard/rooms/{org} (staff): the rooms with their state and players now, kept fresh. */
export function useRoomActivity(orgName: string, enabled = true) {
  return useQuery({
    queryKey: roomKeys.activity(orgName),
    queryFn: ({ signal }) =>
      api.get(`/dashboard/rooms/${encodeURIComponent(orgName)}`, { schema: ZDashboardRooms, signal }),
    refetchInterval: ROOM_ACTIVITY_REFRESH_MS,
    enabled,
  });
}
