import { ADMIN_ROLES, ROLES, type Role, STAFF_ROLES, SUPER_ADMIN_ONLY } from './roles';

/**
 * Who may do what (SPEC §6), the one table both sides read: every server route asks
 * `requirePermission`, the web app's navigation and screens ask `can`. Tenancy (`inScope`) and the
 * licence (`lockedOutByLicence`) are the two rules on top of it, written below and nowhere else: the
 * server applies them through its scoped queries (`apps/server/src/http/actor.ts`).
 */
export const PERMISSIONS = {
  /** The admin area (`/{org}/admin/…`): its layout, navigation and screens. */
  openAdminArea: ADMIN_ROLES,
  /** The facilitator area (`/{org}/facilitator/…`): running rooms, players, materials, training. */
  openFacilitatorArea: STAFF_ROLES,
  /** The player area (`/{org}/{username}/…`): a player's dashboard, rooms and training. */
  openPlayerArea: ['PLAYER'],
  /** Organizations table, create/delete organizations, link workshops, change name and expiry. */
  manageOrganizations: SUPER_ADMIN_ONLY,
  /** Read an organization's record: its own staff (the Settings page), any for a super admin. */
  readOrganization: STAFF_ROLES,
  /** Settings page: the General fields of the caller's own organization. */
  editOwnOrganization: ADMIN_ROLES,
  /** Categories: add and remove. */
  manageCategories: SUPER_ADMIN_ONLY,
  /** Categories: list (content screens, filters). */
  readCategories: STAFF_ROLES,
  /** "Where you're signed in": a staff account's own sessions, signing one or all others out. */
  manageOwnSessions: STAFF_ROLES,
  /** Sign any user of the organization out everywhere (a super admin: any user). */
  signUsersOut: ADMIN_ROLES,
  /** Admins list, create/edit/delete admins and facilitators. */
  manageAdmins: ADMIN_ROLES,
  /** Players list, create/edit/delete players (facilitators too, in their organization). */
  managePlayers: STAFF_ROLES,
  /** Lists across every organization (get-all-*, count-all-*). */
  readAllOrganizations: SUPER_ADMIN_ONLY,
  /** Materials: upload, rename folders, delete files and folders (SPEC §6). */
  manageMaterials: SUPER_ADMIN_ONLY,
  /** Materials: browse and download; non-super-admins only folders named after their workshops. */
  readMaterials: STAFF_ROLES,
  /** Settings: the training playlist of every role and the product-wide links. */
  manageProductSettings: SUPER_ADMIN_ONLY,
  /** Content library: list, search and open content items, questions, images and videos. */
  readContent: STAFF_ROLES,
  /** Content library: create, edit and delete content (SPEC §6). */
  manageContent: SUPER_ADMIN_ONLY,
  /** Images for content and answers: resumable uploads. */
  uploadImages: SUPER_ADMIN_ONLY,
  /** Workshops and their sessions: list, search and open (non-super-admins: those linked to their organization). */
  readWorkshops: STAFF_ROLES,
  /** Workshops: the builder, sessions and their content (SPEC §6). */
  manageWorkshops: SUPER_ADMIN_ONLY,
  /** Rooms: an organization's room list and a room's record (players see the rooms they may join). */
  readRooms: ROLES,
  /** Rooms: create and delete rooms, close a lobby, remove a past workshop's guests. */
  manageRooms: ADMIN_ROLES,
  /** The live game: open the lobby, roll, send content, set timers, announce, end (SPEC §4). */
  runRooms: STAFF_ROLES,
  /** Dashboard: counts across organizations, licences ending soon, getting started. */
  readOverviewDashboard: SUPER_ADMIN_ONLY,
  /** Dashboard: an organization's counts, licence end and recent games. */
  readOrgDashboard: ADMIN_ROLES,
  /** Dashboard: an organization's rooms with their state and players now. */
  readRoomActivity: STAFF_ROLES,
  /** Audit log: read and export (an admin their organization's entries, a super admin all). */
  readAuditLog: ADMIN_ROLES,
  /** An organization's data: download everything of it as one archive (its admins, a super admin). */
  exportOrganizationData: ADMIN_ROLES,
  /** Erase a player's personal data, keeping game statistics anonymized. */
  erasePlayers: ADMIN_ROLES,
  /** One's own two-factor sign-in: set it up, turn it off (staff: players have no password). */
  manageOwnSignIn: STAFF_ROLES,
  /** One's own language of the staff screens (kept with the account, so every device shows it). */
  chooseOwnLanguage: STAFF_ROLES,
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export const can = (role: Role | null | undefined, permission: Permission): boolean =>
  role != null && (PERMISSIONS[permission] as readonly Role[]).includes(role);

/** Whether a role belongs to the staff (signs in with an email and password, runs rooms); players do not. */
export const isStaffRole = (role: Role): boolean => STAFF_ROLES.includes(role);

/**
 * Whether a role administers (an admin, a super admin): the audit log records their changes, and an
 * organization's two-factor rule binds them.
 */
export const isAdminRole = (role: Role): boolean => ADMIN_ROLES.includes(role);

/** The product's own operator (SPEC §6 Super Admin): above every organization, bound by none of their rules. */
const isOperator = (role: Role): boolean => role === 'SUPER_ADMIN';

/** SPEC §6: a super admin acts on every organization; everyone else on their own alone. */
export const canPickAnyOrganization = isOperator;

/** Tenancy, the one rule: whether `actor` may act on organization `orgId`. */
export const inScope = (actor: { role: Role; orgId: number }, orgId: number): boolean =>
  canPickAnyOrganization(actor.role) || actor.orgId === orgId;

/** Insights (issue 33): a facilitator's figures are the games they ran; admins see their organization's. */
export const seesOwnGamesOnly = (role: Role): boolean => role === 'FACILITATOR';

/** SPEC: an expired licence locks its organization's users out at once; a super admin is never locked out. */
export const ignoresLicenceExpiry = isOperator;

/** An organization's sign-in rules (SSO only, two-factor) bind its own people, never the super admin. */
export const ignoresOrgSignInRules = isOperator;

/**
 * An organization's license runs to the end of its expiry day (UTC); no date means no expiry.
 * `expiry` is an ISO date, `YYYY-MM-DD`.
 */
export function isOrgExpired(expiry: string | null | undefined, now: Date = new Date()): boolean {
  if (!expiry) return false;
  return expiry < now.toISOString().slice(0, 10);
}

/** Whether a user of `role` in an organization whose licence ends `expiry` is locked out at `now`. */
export const lockedOutByLicence = (role: Role, expiry: string | null | undefined, now?: Date): boolean =>
  !ignoresLicenceExpiry(role) && isOrgExpired(expiry, now);

/**
 * SPEC §6 role choices when creating a user: a super admin may pick every role, anyone else Admin,
 * Facilitator or Player.
 */
export function roleChoices(actorRole: Role): Role[] {
  return canPickAnyOrganization(actorRole) ? [...ROLES] : ROLES.filter((role) => role !== 'SUPER_ADMIN');
}

/**
 * The roles the admin form offers: the choices above without Player, because players are made on the
 * Players screen (they sign in by username and have no email or password).
 */
export function staffRoleChoices(actorRole: Role): Role[] {
  return roleChoices(actorRole).filter((role) => role !== 'PLAYER');
}

/** Roles listed on the Admins screen: staff; a super admin also sees super admins. */
export function listedStaffRoles(actorRole: Role): Role[] {
  return canPickAnyOrganization(actorRole)
    ? ['SUPER_ADMIN', 'ADMIN', 'FACILITATOR']
    : ['ADMIN', 'FACILITATOR'];
}

/** Roles listed on the Players screen. */
export const LISTED_PLAYER_ROLES: readonly Role[] = ['PLAYER'];
