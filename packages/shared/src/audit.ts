import { z } from 'zod/mini';
import { endpoints, GET } from './endpoint';
import { zIdParam, zLine } from './input';
import { zPaged, zPaging } from './pagination';
import { key } from './server-messages';

/**
 * The audit log (issue 30 item 3): who changed what, when and from where. Append-only; an
 * organization's admins read their organization's entries, the super admin every entry.
 */

/**
 * Every action the audit log records, by key, with its English words (issue 42): the server stores
 * the key, the web shows `audit.do.<key>` from its catalogues (English the same as here) and the CSV
 * export these words. Entries written before the keys hold `METHOD /path`; `auditActionKey` reads them.
 */
export const AUDIT_ACTION_TEXTS = {
  'auth.login': 'Signed in',
  'auth.login_refused': 'Sign-in refused',
  'auth.login_second_step': 'Password accepted, two-factor code asked',
  'auth.logout': 'Signed out',
  'signInSession.end': 'Signed out of one of their devices',
  'signInSession.end_others': 'Signed out of all their other devices',
  'signInSession.end_user': 'Signed a user out everywhere',
  'account.language': 'Changed their own language',
  'twoFactor.setup': 'Started setting up their two-factor sign-in',
  'twoFactor.on': 'Turned their two-factor sign-in on',
  'twoFactor.off': 'Turned their two-factor sign-in off',
  'user.create': 'Added a user',
  'user.edit': 'Changed a user',
  'user.role_change': "Changed a user's role",
  'user.delete': 'Deleted a user',
  'user.erase': "Erased a player's personal data",
  'player.create': 'Added a player',
  'player.edit': 'Changed a player',
  'player.delete': 'Deleted a player',
  'player.import': 'Imported players',
  'players.export': 'Downloaded the players list',
  'org.create': 'Created an organization',
  'org.edit': "Changed an organization's settings",
  'org.delete': 'Deleted an organization',
  'org.erase': 'Erased an organization and all its data',
  'org.export': "Downloaded the organization's data",
  'org.workshop_link': 'Gave an organization a workshop',
  'org.workshop_unlink': 'Took a workshop from an organization',
  'branding.colors': 'Changed the brand colours',
  'branding.logo': 'Uploaded a logo',
  'branding.logo_remove': 'Removed the logo',
  'signIn.change': 'Changed the sign-in settings',
  'signIn.sso_on': 'Turned single sign-on on',
  'signIn.sso_off': 'Turned single sign-on off',
  'signIn.password_off': 'Turned password sign-in off',
  'signIn.password_on': 'Turned password sign-in on',
  'signIn.two_factor_on': 'Required two-factor sign-in for admins',
  'signIn.two_factor_off': 'Stopped requiring two-factor sign-in for admins',
  'lti.platform_add': 'Registered a learning platform (LTI)',
  'lti.platform_edit': 'Changed a learning platform (LTI)',
  'lti.platform_remove': 'Removed a learning platform (LTI)',
  'productSignIn.change': 'Changed the product sign-in rule',
  'productSignIn.two_factor_on': 'Required two-factor sign-in for all staff',
  'productSignIn.two_factor_off': 'Stopped requiring two-factor sign-in for all staff',
  'settings.links': 'Changed the product links',
  'training.settings': 'Changed the training videos',
  'room.create': 'Created a room',
  'room.delete': 'Deleted a room',
  'room.language': "Changed a room's language",
  'room.lobby': "Opened a room's lobby",
  'room.join_code': "Replaced a room's join code",
  'room.guests': 'Changed whether guests may join a room',
  'room.guests_remove': "Removed a room's guests",
  'room.session_start': "Started a room's workshop session",
  'room.session_change': 'Moved a room to another workshop session',
  'room.printed_cards': 'Made printed cards for a room',
  'room.card_check': 'Checked a printed card',
  'room.report': "Downloaded a room's game report",
  'category.create': 'Added a category',
  'category.delete': 'Deleted a category',
  'content.create': 'Added content',
  'content.edit': 'Changed content',
  'content.delete': 'Deleted content',
  'question.create': 'Added a question',
  'question.edit': 'Changed a question',
  'question.delete': 'Deleted a question',
  'image.upload_start': 'Started an image upload',
  'image.upload_part': 'Uploaded part of an image',
  'image.upload_cancel': 'Cancelled an image upload',
  'materials.upload_start': 'Started a materials upload',
  'materials.upload_part': 'Uploaded part of a materials file',
  'materials.upload_cancel': 'Cancelled a materials upload',
  'materials.folder_rename': 'Renamed a materials folder',
  'materials.folder_delete': 'Deleted a materials folder',
  'materials.file_delete': 'Deleted a materials file',
  'materials.download_link': 'Made a download link for a materials file',
  'workshop.create': 'Created a workshop',
  'workshop.rename': 'Renamed a workshop',
  'workshop.edit': 'Changed a workshop',
  'workshop.delete': 'Deleted a workshop',
  'session.create': 'Added a workshop session',
  'session.edit': 'Changed a workshop session',
  'session.delete': 'Deleted a workshop session',
  'audit.export': 'Exported the audit log',
  'retention.change': 'Changed how long data is kept',
  'retention.run': 'Removed data past its retention',
  'scim.token_create': 'Created the SCIM provisioning token',
  'scim.token_rotate': 'Replaced the SCIM provisioning token',
  'scim.token_revoke': 'Revoked the SCIM provisioning token',
  'scim.user_create': 'Provisioned a user from the directory (SCIM)',
  'scim.user_edit': 'Updated a user from the directory (SCIM)',
  'scim.user_deactivate': 'Deactivated a user from the directory (SCIM)',
  'scim.user_reactivate': 'Reactivated a user from the directory (SCIM)',
  'scim.user_delete': 'Deleted a user from the directory (SCIM)',
  'scim.role_change': "Changed a user's role from the directory (SCIM)",
  'xapi.change': 'Changed the learning record store (xAPI)',
  'xapi.on': 'Turned xAPI statements on',
  'xapi.off': 'Turned xAPI statements off',
  'xapi.test': 'Sent a test statement to a learning record store',
  'training.video_completed': 'Watched a training video to its end',
} as const;
export type AuditActionKey = keyof typeof AUDIT_ACTION_TEXTS;

/** The keys the server records itself (sign-ins, exports), beside those of the routes below. */
export const AUDIT_ACTIONS = {
  signIn: 'auth.login',
  signInRefused: 'auth.login_refused',
  /** The password was right; the two-factor step is asked next. */
  signInSecondStep: 'auth.login_second_step',
  /** The daily retention run of an organization (the timer's; "Apply now" is its route's). */
  retentionRun: 'retention.run',
} as const satisfies Record<string, AuditActionKey>;

/** What an entry is about: the web shows `audit.type.<type>`. */
export const AUDIT_TARGET_TEXTS = {
  user: 'User',
  organization: 'Organization',
  room: 'Room',
  category: 'Category',
  content: 'Content',
  question: 'Question',
  workshop: 'Workshop',
  session: 'Session',
  materials: 'Materials',
  upload: 'Upload',
  settings: 'Settings',
  'sign-in': 'Sign-in',
  audit: 'Audit log',
} as const;
export type AuditTargetType = keyof typeof AUDIT_TARGET_TEXTS;

/** Each audited route (`METHOD /path`, the action of entries before the keys) → its action and target. */
export const AUDIT_ROUTES: Readonly<Record<string, readonly [AuditActionKey, AuditTargetType]>> = {
  'POST /logout': ['auth.logout', 'sign-in'],
  'POST /sessions/:id/end': ['signInSession.end', 'sign-in'],
  'POST /sessions/end-others': ['signInSession.end_others', 'sign-in'],
  'POST /users/:id/sessions/end': ['signInSession.end_user', 'user'],
  'PUT /account/language': ['account.language', 'user'],
  'POST /two-factor/setup': ['twoFactor.setup', 'sign-in'],
  'POST /two-factor/confirm': ['twoFactor.on', 'sign-in'],
  'POST /two-factor/disable': ['twoFactor.off', 'sign-in'],
  'POST /create-admin': ['user.create', 'user'],
  'PATCH /edit-admin': ['user.edit', 'user'],
  'DELETE /delete-admin/:id': ['user.delete', 'user'],
  'POST /create-player': ['player.create', 'user'],
  'PATCH /edit-player': ['player.edit', 'user'],
  'DELETE /delete-player/:id': ['player.delete', 'user'],
  'POST /import-players': ['player.import', 'user'],
  'POST /erase-player/:id': ['user.erase', 'user'],
  'GET /export-players/:orgId': ['players.export', 'organization'],
  'POST /create-organization': ['org.create', 'organization'],
  'PATCH /edit-org': ['org.edit', 'organization'],
  'DELETE /delete-organization/:id': ['org.delete', 'organization'],
  'POST /organizations/:id/erase': ['org.erase', 'organization'],
  'GET /organizations/:id/export': ['org.export', 'organization'],
  'POST /create-org-to-workshop': ['org.workshop_link', 'organization'],
  'DELETE /delete-org-workshop/:orgId/:workshopId': ['org.workshop_unlink', 'organization'],
  'PUT /org-branding': ['branding.colors', 'organization'],
  'PUT /org-logo': ['branding.logo', 'organization'],
  'DELETE /org-logo/:orgId': ['branding.logo_remove', 'organization'],
  'PUT /organizations/:id/sign-in': ['signIn.change', 'organization'],
  'PUT /organizations/:id/saml': ['signIn.change', 'organization'],
  'PUT /product-sign-in': ['productSignIn.change', 'settings'],
  'PUT /public-settings': ['settings.links', 'settings'],
  'PUT /training-settings': ['training.settings', 'settings'],
  'POST /createroom': ['room.create', 'room'],
  'DELETE /deleteroom/:id': ['room.delete', 'room'],
  'PUT /rooms/:id/language': ['room.language', 'room'],
  'POST /rooms/:id/lobby': ['room.lobby', 'room'],
  'POST /rooms/:id/join-code': ['room.join_code', 'room'],
  'PUT /rooms/:id/guests': ['room.guests', 'room'],
  'DELETE /rooms/:id/guests': ['room.guests_remove', 'room'],
  'POST /check-and-create-room-session': ['room.session_start', 'room'],
  'PATCH /update-room-session': ['room.session_change', 'room'],
  'POST /rooms/:id/printed-card-sets': ['room.printed_cards', 'room'],
  'POST /rooms/:id/printed-cards/verify': ['room.card_check', 'room'],
  'GET /get-room-report/:id': ['room.report', 'room'],
  'POST /createcategory': ['category.create', 'category'],
  'POST /deletecategory/:id': ['category.delete', 'category'],
  'POST /create-content': ['content.create', 'content'],
  'PATCH /edit-content/:id': ['content.edit', 'content'],
  'DELETE /delete-content/:id': ['content.delete', 'content'],
  'POST /create-image-content': ['content.create', 'content'],
  'PATCH /edit-image-content/:id': ['content.edit', 'content'],
  'DELETE /delete-image-content/:id': ['content.delete', 'content'],
  'POST /create-video-content': ['content.create', 'content'],
  'PATCH /edit-video-content/:id': ['content.edit', 'content'],
  'DELETE /delete-video-content/:id': ['content.delete', 'content'],
  'POST /create-question': ['question.create', 'question'],
  'PATCH /edit-question/:id': ['question.edit', 'question'],
  'DELETE /delete-question/:id': ['question.delete', 'question'],
  'POST /uploads': ['image.upload_start', 'upload'],
  'PATCH /uploads/:uploadId': ['image.upload_part', 'upload'],
  'DELETE /uploads/:uploadId': ['image.upload_cancel', 'upload'],
  'POST /material-uploads': ['materials.upload_start', 'materials'],
  'PATCH /material-uploads/:uploadId': ['materials.upload_part', 'materials'],
  'DELETE /material-uploads/:uploadId': ['materials.upload_cancel', 'materials'],
  'POST /rename-folder': ['materials.folder_rename', 'materials'],
  'POST /delete-folder': ['materials.folder_delete', 'materials'],
  'POST /delete-file': ['materials.file_delete', 'materials'],
  'POST /materials/download-link': ['materials.download_link', 'materials'],
  'POST /create-workshop': ['workshop.create', 'workshop'],
  'PATCH /edit-workshop-name': ['workshop.rename', 'workshop'],
  'PATCH /edit-workshop': ['workshop.edit', 'workshop'],
  'DELETE /delete-workshop/:id': ['workshop.delete', 'workshop'],
  'POST /create-session-with-content': ['session.create', 'session'],
  'PATCH /edit-session/:id': ['session.edit', 'session'],
  'DELETE /delete-session/:id': ['session.delete', 'session'],
  'GET /audit-log/export': ['audit.export', 'audit'],
  'PUT /organizations/:id/retention': ['retention.change', 'organization'],
  'POST /organizations/:id/retention/run': ['retention.run', 'organization'],
  'POST /organizations/:id/scim/token': ['scim.token_create', 'organization'],
  'DELETE /organizations/:id/scim/token': ['scim.token_revoke', 'organization'],
  'PUT /organizations/:id/xapi': ['xapi.change', 'organization'],
  'POST /organizations/:id/xapi/test': ['xapi.test', 'organization'],
  'POST /training/video-completed': ['training.video_completed', 'user'],
  'POST /organizations/:id/lti/platforms': ['lti.platform_add', 'organization'],
  'PUT /organizations/:id/lti/platforms/:platformId': ['lti.platform_edit', 'organization'],
  'DELETE /organizations/:id/lti/platforms/:platformId': ['lti.platform_remove', 'organization'],
};

export const isAuditActionKey = (action: string): action is AuditActionKey =>
  Object.hasOwn(AUDIT_ACTION_TEXTS, action);

/** A setting switched on or off, and the actions that say which way. */
const TOGGLES: Readonly<Record<string, readonly [string, AuditActionKey, AuditActionKey]>> = {
  'signIn.change:ssoEnabled': ['ssoEnabled', 'signIn.sso_on', 'signIn.sso_off'],
  'signIn.change:passwordSignInDisabled': [
    'passwordSignInDisabled',
    'signIn.password_off',
    'signIn.password_on',
  ],
  'signIn.change:requireTwoFactorForAdmins': [
    'requireTwoFactorForAdmins',
    'signIn.two_factor_on',
    'signIn.two_factor_off',
  ],
  'xapi.change:xapiEnabled': ['xapiEnabled', 'xapi.on', 'xapi.off'],
  'productSignIn.change:requireTwoFactorForStaff': [
    'requireTwoFactorForStaff',
    'productSignIn.two_factor_on',
    'productSignIn.two_factor_off',
  ],
};

/**
 * The action key of an entry: a key as it is, a route (`PATCH /edit-admin`, older entries) as its
 * key, made precise by what changed: a role change of a user, the one setting switched on or off (a
 * save that switches several stays "Changed the sign-in settings", each change listed). Anything
 * else comes back as it was.
 */
export function auditActionKey(action: string, changes: AuditChanges | null | undefined): string {
  const key = isAuditActionKey(action) ? action : (AUDIT_ROUTES[action]?.[0] ?? action);
  if (key === 'user.edit' && changes?.role) return 'user.role_change';
  const switched = Object.keys(changes ?? {})
    .map((field) => TOGGLES[`${key}:${field}`])
    .filter((toggle) => toggle !== undefined);
  if (switched.length !== 1) return key;
  const [field, on, off] = switched[0]!;
  return changes?.[field]?.[1] === true ? on : off;
}

/** Changes of an entry: `{ field: [before, after] }`. */
export type AuditChanges = Record<string, readonly [unknown, unknown]>;

/** The stored actions a filter by `key` matches: the key, and the routes older entries hold for it. */
export const auditActionsMatching = (key: string): string[] => [
  key,
  ...Object.entries(AUDIT_ROUTES)
    .filter(([, [routeKey]]) => routeKey === key)
    .map(([route]) => route),
];

const ZDay = zLine().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, key('audit.badDate')));

/** The filters of the list and the CSV export. `to` is inclusive (the whole day). */
export const ZAuditFilter = z.object({
  action: z.optional(zLine().check(z.trim(), z.maxLength(100))),
  /** Matched in the actor's and the target's names. */
  q: z.optional(zLine().check(z.trim(), z.maxLength(100))),
  from: z.optional(ZDay),
  to: z.optional(ZDay),
  /** Super admin: one organization's entries. */
  orgId: z.optional(zIdParam()),
});
export type AuditFilter = z.infer<typeof ZAuditFilter>;

export const ZAuditEntry = z.object({
  id: z.number().check(z.int()),
  at: z.string(),
  orgId: z.nullable(z.number().check(z.int())),
  actorId: z.nullable(z.number().check(z.int())),
  actor: z.string(),
  actorRole: z.nullable(z.string()),
  action: z.string(),
  targetType: z.nullable(z.string()),
  targetId: z.nullable(z.string()),
  target: z.nullable(z.string()),
  /** `{ field: [before, after] }`. */
  changes: z.nullable(z.record(z.string(), z.tuple([z.unknown(), z.unknown()]))),
  address: z.nullable(z.string()),
});
export type AuditEntry = z.infer<typeof ZAuditEntry>;

export const AUDIT_API = endpoints(['audit'], {
  list: GET(
    {
      path: '/audit-log',
      query: z.extend(ZAuditFilter, zPaging().shape),
      reply: zPaged(ZAuditEntry),
      access: 'readAuditLog',
    },
    "Audit log entries, newest first: the caller's organization's, or every one for a super admin",
  ),
  export: GET(
    { path: '/audit-log/export', query: ZAuditFilter, reply: z.string(), access: 'readAuditLog' },
    'The filtered audit log as CSV (at, actor, role, action, target, changes, address)',
  ),
});
