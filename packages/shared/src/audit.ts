import type { StaffKey } from '@playshop/messages';
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
 * Every action the audit log records, by the key the server stores, with the staff catalogue's key
 * of its words (issue 44: the English lives only in the English catalogue). The web shows them in
 * the reader's language, the CSV export in English (`english()`). Entries written before the keys
 * hold `METHOD /path`; `auditActionKey` reads them.
 */
export const AUDIT_ACTION_MESSAGES = {
  'auth.login': 'audit.do.auth.login',
  'auth.login_refused': 'audit.do.auth.loginRefused',
  'auth.login_second_step': 'audit.do.auth.loginSecondStep',
  'auth.logout': 'audit.do.auth.logout',
  'signInSession.end': 'audit.do.signInSession.end',
  'signInSession.end_others': 'audit.do.signInSession.endOthers',
  'signInSession.end_user': 'audit.do.signInSession.endUser',
  'account.language': 'audit.do.account.language',
  'twoFactor.setup': 'audit.do.twoFactor.setup',
  'twoFactor.on': 'audit.do.twoFactor.on',
  'twoFactor.off': 'audit.do.twoFactor.off',
  'user.create': 'audit.do.user.create',
  'user.edit': 'audit.do.user.edit',
  'user.role_change': 'audit.do.user.roleChange',
  'user.delete': 'audit.do.user.delete',
  'user.erase': 'audit.do.user.erase',
  'player.create': 'audit.do.player.create',
  'player.edit': 'audit.do.player.edit',
  'player.delete': 'audit.do.player.delete',
  'player.import': 'audit.do.player.import',
  'players.export': 'audit.do.players.export',
  'org.create': 'audit.do.org.create',
  'org.edit': 'audit.do.org.edit',
  'org.delete': 'audit.do.org.delete',
  'org.erase': 'audit.do.org.erase',
  'org.export': 'audit.do.org.export',
  'org.workshop_link': 'audit.do.org.workshopLink',
  'org.workshop_unlink': 'audit.do.org.workshopUnlink',
  'branding.colors': 'audit.do.branding.colors',
  'branding.logo': 'audit.do.branding.logo',
  'branding.logo_remove': 'audit.do.branding.logoRemove',
  'signIn.change': 'audit.do.signIn.change',
  'signIn.sso_on': 'audit.do.signIn.ssoOn',
  'signIn.sso_off': 'audit.do.signIn.ssoOff',
  'signIn.password_off': 'audit.do.signIn.passwordOff',
  'signIn.password_on': 'audit.do.signIn.passwordOn',
  'signIn.two_factor_on': 'audit.do.signIn.twoFactorOn',
  'signIn.two_factor_off': 'audit.do.signIn.twoFactorOff',
  'lti.platform_add': 'audit.do.lti.platformAdd',
  'lti.platform_edit': 'audit.do.lti.platformEdit',
  'lti.platform_remove': 'audit.do.lti.platformRemove',
  'productSignIn.change': 'audit.do.productSignIn.change',
  'productSignIn.two_factor_on': 'audit.do.productSignIn.twoFactorOn',
  'productSignIn.two_factor_off': 'audit.do.productSignIn.twoFactorOff',
  'settings.links': 'audit.do.settings.links',
  'training.settings': 'audit.do.training.settings',
  'room.create': 'audit.do.room.create',
  'room.delete': 'audit.do.room.delete',
  'room.language': 'audit.do.room.language',
  'room.lobby': 'audit.do.room.lobby',
  'room.join_code': 'audit.do.room.joinCode',
  'room.guests': 'audit.do.room.guests',
  'room.guests_remove': 'audit.do.room.guestsRemove',
  'room.session_start': 'audit.do.room.sessionStart',
  'room.session_change': 'audit.do.room.sessionChange',
  'room.printed_cards': 'audit.do.room.printedCards',
  'room.card_check': 'audit.do.room.cardCheck',
  'room.report': 'audit.do.room.report',
  'category.create': 'audit.do.category.create',
  'category.delete': 'audit.do.category.delete',
  'content.create': 'audit.do.content.create',
  'content.edit': 'audit.do.content.edit',
  'content.delete': 'audit.do.content.delete',
  'question.create': 'audit.do.question.create',
  'question.edit': 'audit.do.question.edit',
  'question.delete': 'audit.do.question.delete',
  'image.upload_start': 'audit.do.image.uploadStart',
  'image.upload_part': 'audit.do.image.uploadPart',
  'image.upload_cancel': 'audit.do.image.uploadCancel',
  'materials.upload_start': 'audit.do.materials.uploadStart',
  'materials.upload_part': 'audit.do.materials.uploadPart',
  'materials.upload_cancel': 'audit.do.materials.uploadCancel',
  'materials.folder_rename': 'audit.do.materials.folderRename',
  'materials.folder_delete': 'audit.do.materials.folderDelete',
  'materials.file_delete': 'audit.do.materials.fileDelete',
  'materials.download_link': 'audit.do.materials.downloadLink',
  'workshop.create': 'audit.do.workshop.create',
  'workshop.rename': 'audit.do.workshop.rename',
  'workshop.edit': 'audit.do.workshop.edit',
  'workshop.delete': 'audit.do.workshop.delete',
  'session.create': 'audit.do.session.create',
  'session.edit': 'audit.do.session.edit',
  'session.delete': 'audit.do.session.delete',
  'audit.export': 'audit.do.audit.export',
  'retention.change': 'audit.do.retention.change',
  'retention.run': 'audit.do.retention.run',
  'scim.token_create': 'audit.do.scim.tokenCreate',
  'scim.token_rotate': 'audit.do.scim.tokenRotate',
  'scim.token_revoke': 'audit.do.scim.tokenRevoke',
  'scim.user_create': 'audit.do.scim.userCreate',
  'scim.user_edit': 'audit.do.scim.userEdit',
  'scim.user_deactivate': 'audit.do.scim.userDeactivate',
  'scim.user_reactivate': 'audit.do.scim.userReactivate',
  'scim.user_delete': 'audit.do.scim.userDelete',
  'scim.role_change': 'audit.do.scim.roleChange',
  'xapi.change': 'audit.do.xapi.change',
  'xapi.on': 'audit.do.xapi.on',
  'xapi.off': 'audit.do.xapi.off',
  'xapi.test': 'audit.do.xapi.test',
  'training.video_completed': 'audit.do.training.videoCompleted',
} as const satisfies Record<string, StaffKey>;
export type AuditActionKey = keyof typeof AUDIT_ACTION_MESSAGES;

/** The keys the server records itself (sign-ins, exports), beside those of the routes below. */
export const AUDIT_ACTIONS = {
  signIn: 'auth.login',
  signInRefused: 'auth.login_refused',
  /** The password was right; the two-factor step is asked next. */
  signInSecondStep: 'auth.login_second_step',
  /** The daily retention run of an organization (the timer's; "Apply now" is its route's). */
  retentionRun: 'retention.run',
} as const satisfies Record<string, AuditActionKey>;

/** What an entry is about, by the type the server stores, with the staff catalogue's key of its word. */
export const AUDIT_TARGET_MESSAGES = {
  user: 'audit.type.user',
  organization: 'audit.type.organization',
  room: 'audit.type.room',
  category: 'audit.type.category',
  content: 'audit.type.content',
  question: 'audit.type.question',
  workshop: 'audit.type.workshop',
  session: 'audit.type.session',
  materials: 'audit.type.materials',
  upload: 'audit.type.upload',
  settings: 'audit.type.settings',
  'sign-in': 'audit.type.signIn',
  audit: 'audit.type.audit',
} as const satisfies Record<string, StaffKey>;
export type AuditTargetType = keyof typeof AUDIT_TARGET_MESSAGES;

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
  Object.hasOwn(AUDIT_ACTION_MESSAGES, action);

export const isAuditTargetType = (type: string): type is AuditTargetType =>
  Object.hasOwn(AUDIT_TARGET_MESSAGES, type);

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
