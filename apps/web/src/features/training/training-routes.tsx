import { lazyRoute } from '../../route-helpers';

const trainingPage = () => import('./training-page');

/** `{org}/admin/training`, inside the admin layout (the sidebar links here unless an external site is set). */
export const adminTrainingRoutes = [lazyRoute('training', trainingPage, 'TrainingPage')];

/** `{org}/facilitator/online/training`, inside the facilitator layout. */
export const facilitatorTrainingRoutes = adminTrainingRoutes;

/** `{org}/{username}/training`: a player's training, in the public layout beside their dashboard. */
export const playerTrainingRoutes = [
  lazyRoute(':org/:username/training', trainingPage, 'PlayerTrainingPage'),
];
