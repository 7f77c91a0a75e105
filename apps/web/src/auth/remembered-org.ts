const KEY = 'playshop.playerOrg';

/**
 * The organization a player last signed in to on this device (its name, not a credential), so the
 * PLAYER LOGIN page can ask for the username alone next time (docs/decisions.md, Joining).
 */
export const rememberedOrg = {
  get(): string | null {
    try {
      return localStorage.getItem(KEY);
    } catch {
      return null;
    }
  },
  set(org: string | null): void {
    try {
      if (org) localStorage.setItem(KEY, org);
      else localStorage.removeItem(KEY);
    } catch {
      // Private mode without storage: the player types the organization again next time.
    }
  },
};
