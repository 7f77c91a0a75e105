import type { RouteObject } from 'react-router';
import { lazyComponent } from '../../lazy-component';

const trainingPage = () => import('./training-page');

/** `{org}/admin/training`, inside the admin layout (the sidebar links here unless an external site is set). */
export const adminTrainingRoutes: RouteObject[] = [
  { path: 'training', lazy: lazyComponent(trainingPage, (m) => m.TrainingPage) },
];

/** `{org}/facilitator/online/training`, inside the facilitator layout. */
export const facilitatorTrainingRoutes: RouteObject[] = adminTrainingRoutes;

/** `{org}/{username}/training`: a player's training, in the public layout beside their dashboard. */
export const playerTrainingRoutes: RouteObject[] = [
  { path: ':org/:username/training', lazy: lazyComponent(trainingPage, (m) => m.PlayerTrainingPage) },
];
