/** The four roles of the product, in DESIGN's naming. */
export const ROLES = ['SUPER_ADMIN', 'ADMIN', 'FACILITATOR', 'PLAYER'] as const;
export type Role = (typeof ROLES)[number];

/** The spec's spellings seen in the wild, mapped to the canonical role. */
const ROLE_ALIASES: Record<string, Role> = {
  SUPER_ADMIN: 'SUPER_ADMIN',
  SUPERADMIN: 'SUPER_ADMIN',
  ADMIN: 'ADMIN',
  FACILITATOR: 'FACILITATOR',
  PLAYER: 'PLAYER',
  PARTICIPANT: 'PLAYER',
};

/** Accepts any spelling of the spec (`Admin`, `SUPERADMIN`, `Participant`, …); null when unknown. */
export function normalizeRole(value: unknown): Role | null {
  if (typeof value !== 'string') return null;
  const key = value
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  return ROLE_ALIASES[key] ?? ROLE_ALIASES[key.replace(/_/g, '')] ?? null;
}

/** The admin-level set of SPEC §6. */
export const ADMIN_ROLES: readonly Role[] = ['SUPER_ADMIN', 'ADMIN'];
/** What only a super admin may do (SPEC §6): organizations, categories, content, workshops. */
export const SUPER_ADMIN_ONLY: readonly Role[] = ['SUPER_ADMIN'];
/** Roles that run rooms and games. */
export const STAFF_ROLES: readonly Role[] = ['SUPER_ADMIN', 'ADMIN', 'FACILITATOR'];

export const ROLE_LABELS: Record<Role, string> = {
  SUPER_ADMIN: 'Super Admin',
  ADMIN: 'Admin',
  FACILITATOR: 'Facilitator',
  PLAYER: 'Player',
};
