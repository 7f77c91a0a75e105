// The paths alone, in the entry chunk every phone downloads: public-routes.tsx makes their routes,
// staff-public-pages.ts (a chunk of its own) their pages.

/** The staff's public pages' paths; their pages are one chunk (staff-public-pages.ts). */
export const STAFF_PUBLIC_PATHS = [
  'admin-login',
  'requestReset',
  'reset-password',
  'unauthorized',
  'sso/callback',
  'two-factor-sign-in',
] as const;
