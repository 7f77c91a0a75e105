/** Query keys of the product settings. */
export const settingsKeys = {
  public: ['public-settings'] as const,
};
