import { playerTrainingRoutes } from '../../features/training/training-routes';
import { lazyRoute } from '../../route-helpers';

/** `{org}/{username}/…`: the player area's route table (the router puts RequirePermission around it). */
export const playerRoutes = [
  lazyRoute(':org/:username/dashboard', () => import('./player-dashboard-page'), 'PlayerDashboardPage'),
  lazyRoute(':org/:username/play-game/:roomId', () => import('./join-room-page'), 'JoinRoomPage'),
  ...playerTrainingRoutes,
];
