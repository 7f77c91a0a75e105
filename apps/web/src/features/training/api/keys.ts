/** Query keys of training playlists (the caller's playlist, the super admin's settings). */
export const trainingKeys = {
  all: ['training'] as const,
  playlist: ['training', 'playlist'] as const,
  settings: ['training', 'settings'] as const,
};
