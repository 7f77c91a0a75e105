import { LANGUAGES, ROLES, STAFF_LANGUAGES } from '@playshop/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** `column IN ('en', …)`: a language column holds one of the shared list's (a new one is a migration). */
const oneOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} IN (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;

/** A `timestamp with time zone` column. */
const at = (name: string) => timestamp(name, { withTimezone: true });

/** A required reference to the row's parent: deleted with it (cascade) or keeping it (restrict). */
const parentId = (name: string, parent: () => AnyPgColumn, onDelete: 'cascade' | 'restrict') =>
  integer(name).notNull().references(parent, { onDelete });

/**
 * The key of a table of one row per organization (its sign-in, SAML, SCIM token, retention, xAPI
 * settings: db/org-row.ts), deleted with it.
 */
const orgKey = () =>
  integer('org_id')
    .primaryKey()
    .references((): AnyPgColumn => organizations.id, { onDelete: 'cascade' });

/** When a row was written; `timestamps` adds its last change, for rows that change. */
const createdAt = { createdAt: at('created_at').notNull().defaultNow() };
const timestamps = {
  ...createdAt,
  updatedAt: at('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const roleEnum = pgEnum('role', ROLES);
export const contentTypeEnum = pgEnum('content_type', ['VIDEO', 'IMAGE', 'QUESTION', 'OTHER']);

export const organizations = pgTable(
  'organizations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    address: text('address'),
    phone: text('phone'),
    website: text('website'),
    email: text('email'),
    /** Last day of the license; null means no expiry. Expired when expiry < today (UTC). */
    expiry: date('expiry', { mode: 'string' }),
    hideRollAnimation: boolean('hide_roll_animation').notNull().default(false),
    /** An https embed address (YouTube, Spotify, …) the facilitator's game screen plays. */
    musicPlaylistUrl: text('music_playlist_url'),
    /** Participants who come through a room's code or link may join with a nickname. */
    allowGuests: boolean('allow_guests').notNull().default(false),
    /** The organization's own look (issue 32): `#rrggbb` colours, and the logo's storage key. */
    brandPrimary: text('brand_primary'),
    brandAccent: text('brand_accent'),
    /** `org-logos/{orgId}/{sha256}.{png|svg}`: the hash makes the address change with the file. */
    logoKey: text('logo_key'),
    /** Its rooms' language unless a room has its own (LANGUAGES in packages/shared). */
    language: text('language').notNull().default('en'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('organizations_name_lower_idx').on(sql`lower(${t.name})`),
    check('organizations_language_check', oneOf(t.language, LANGUAGES)),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** Staff sign in by email (stored lower-case); players by username. */
    email: text('email'),
    username: text('username'),
    passwordHash: text('password_hash'),
    role: roleEnum('role').notNull(),
    orgId: parentId('org_id', () => organizations.id, 'restrict'),
    /** A player who joined with a nickname through a room's code; removable with that room's guests. */
    isGuest: boolean('is_guest').notNull().default(false),
    guestRoomId: integer('guest_room_id').references((): AnyPgColumn => rooms.id, { onDelete: 'set null' }),
    /**
     * Carried in every access token and compared on every request: a bump (logout, password reset,
     * role or organization change) makes the user's earlier access tokens worthless at once.
     */
    tokenVersion: integer('token_version').notNull().default(0),
    /** A staff member's language of the staff screens (STAFF_LANGUAGES); null follows the browser. */
    language: text('language'),
    /** False: deactivated by the organization's directory (SCIM); no sign-in until reactivated. */
    active: boolean('active').notNull().default(true),
    /** The directory's own id of the user (SCIM `externalId`). */
    scimExternalId: text('scim_external_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_idx').on(t.email),
    index('users_guest_room_idx').on(t.guestRoomId),
    // Usernames are unique within an organization, whatever their case: a player signs in naming
    // their organization, and an admin never learns another organization's usernames (issue 43).
    uniqueIndex('users_org_username_lower_idx').on(t.orgId, sql`lower(${t.username})`),
    index('users_org_role_idx').on(t.orgId, t.role),
    // Insights' attendance counts an organization's registered players per request (0013).
    index('users_org_registered_players_idx')
      .on(t.orgId)
      .where(sql`${t.role} = 'PLAYER' and not ${t.isGuest}`),
    check('users_identity_chk', sql`${t.email} is not null or ${t.username} is not null`),
    check('users_language_check', oneOf(t.language, STAFF_LANGUAGES)),
  ],
);

/** A list of names unique ignoring case: categories of content, workshops. */
const namedList = <N extends string>(name: N) =>
  pgTable(
    name,
    {
      id: serial('id').primaryKey(),
      name: text('name').notNull(),
      ...timestamps,
    },
    (t) => [uniqueIndex(`${name}_name_lower_idx`).on(sql`lower(${t.name})`)],
  );

export const categories = namedList('categories');

export const content = pgTable(
  'content',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    script: text('script'),
    type: contentTypeEnum('type').notNull(),
    categoryId: parentId('category_id', () => categories.id, 'restrict'),
    ...timestamps,
  },
  (t) => [index('content_category_idx').on(t.categoryId), index('content_type_idx').on(t.type)],
);

export const questions = pgTable('questions', {
  id: serial('id').primaryKey(),
  contentId: parentId('content_id', () => content.id, 'cascade').unique(),
  question: text('question').notNull(),
  ...timestamps,
});

export const answers = pgTable(
  'answers',
  {
    id: serial('id').primaryKey(),
    questionId: parentId('question_id', () => questions.id, 'cascade'),
    name: text('name').notNull(),
    url: text('url'),
    isCorrect: boolean('is_correct').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('answers_question_idx').on(t.questionId)],
);

/** The address of an IMAGE or VIDEO content item. */
const mediaOfContent = <N extends string>(name: N) =>
  pgTable(name, {
    id: serial('id').primaryKey(),
    contentId: parentId('content_id', () => content.id, 'cascade').unique(),
    url: text('url').notNull(),
    ...timestamps,
  });

export const images = mediaOfContent('images');

export const videos = mediaOfContent('videos');

export const workshops = namedList('workshops');

/** A workshop's sessions (the spec's "sections" in some payloads). */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    workshopId: parentId('workshop_id', () => workshops.id, 'cascade'),
    name: text('name').notNull(),
    orderIndex: integer('order_index').notNull(),
    ...timestamps,
  },
  (t) => [index('sessions_workshop_idx').on(t.workshopId, t.orderIndex)],
);

export const sessionContent = pgTable(
  'session_content',
  {
    id: serial('id').primaryKey(),
    sessionId: parentId('session_id', () => sessions.id, 'cascade'),
    // Content in use cannot silently vanish: deleting it is refused while a session holds it.
    contentId: parentId('content_id', () => content.id, 'restrict'),
    orderIndex: integer('order_index').notNull(),
    ...timestamps,
  },
  (t) => [
    index('session_content_session_idx').on(t.sessionId, t.orderIndex),
    index('session_content_content_idx').on(t.contentId),
  ],
);

export const orgWorkshops = pgTable(
  'org_workshops',
  {
    id: serial('id').primaryKey(),
    orgId: parentId('org_id', () => organizations.id, 'cascade'),
    workshopId: parentId('workshop_id', () => workshops.id, 'cascade'),
    ...timestamps,
  },
  (t) => [uniqueIndex('org_workshops_pair_idx').on(t.orgId, t.workshopId)],
);

export const rooms = pgTable(
  'rooms',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    orgId: parentId('org_id', () => organizations.id, 'cascade'),
    workshopId: parentId('workshop_id', () => workshops.id, 'restrict'),
    /**
     * The short code players type or scan (JOIN_CODE_ALPHABET); unique. It lasts across games and
     * sessions until the facilitator issues a new one (the old one goes to replaced_join_codes).
     */
    joinCode: text('join_code'),
    /** Guests for this room: null follows the organization's setting, true/false is the facilitator's. */
    allowGuests: boolean('allow_guests'),
    /** The projector's, the printed cards' and the phones' language; null follows the organization's. */
    language: text('language'),
    ...timestamps,
  },
  (t) => [
    // A room's name is unique in its organization, whatever its case (it names the room everywhere).
    uniqueIndex('rooms_org_name_idx').on(t.orgId, sql`lower(${t.name})`),
    uniqueIndex('rooms_join_code_idx').on(t.joinCode),
    check('rooms_language_check', oneOf(t.language, LANGUAGES)),
  ],
);

/** Codes a facilitator replaced: a phone that still has one is told so, not 'Unknown room code'. */
export const replacedJoinCodes = pgTable('replaced_join_codes', {
  code: text('code').primaryKey(),
  roomId: parentId('room_id', () => rooms.id, 'cascade'),
  replacedAt: at('replaced_at').notNull().defaultNow(),
});

/** Where a room is in its workshop: the session being delivered. */
export const roomSessions = pgTable('room_sessions', {
  id: serial('id').primaryKey(),
  roomId: parentId('room_id', () => rooms.id, 'cascade').unique(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  workshopId: parentId('workshop_id', () => workshops.id, 'cascade'),
  currentSessionId: integer('current_session_id').references(() => sessions.id, { onDelete: 'set null' }),
  ...timestamps,
});

/** One bingo game of a room. Its state is the fold of its events (DESIGN §6). */
export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    roomId: parentId('room_id', () => rooms.id, 'cascade'),
    /** Sequence number of the last event appended; the next event takes lastSeq + 1. */
    lastSeq: integer('last_seq').notNull().default(0),
    endedAt: at('ended_at'),
    ...timestamps,
  },
  (t) => [index('games_room_idx').on(t.roomId)],
);

/** The append-only game event log: lobby opened, game started, roll, content sent, timer, winner, … */
export const gameEvents = pgTable(
  'game_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gameId: parentId('game_id', () => games.id, 'cascade'),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull().default({}),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...createdAt,
  },
  (t) => [uniqueIndex('game_events_game_seq_idx').on(t.gameId, t.seq)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: parentId('user_id', () => users.id, 'cascade'),
    /** Every token rotated from one login shares a family; reuse of a spent token revokes it. */
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    revokedAt: at('revoked_at'),
    ...createdAt,
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

/**
 * A sign-in (password, single sign-on, two-factor step, player, guest): its access tokens, refresh
 * family (`refresh_tokens.family_id` = `id`) and resume tickets name it (claim `sid`). Once
 * `ended_at` is set it is over everywhere (sessions/sessions.ts); the row stays for the list and the
 * instances that missed the news, its user set null when deleted.
 */
export const signInSessions = pgTable(
  'sign_in_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    orgId: integer('org_id').notNull(),
    /** password | sso | two_factor | player | guest */
    kind: text('kind').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    address: text('address').notNull().default(''),
    ...createdAt,
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    endedAt: at('ended_at'),
    endReason: text('end_reason'),
  },
  (t) => [
    index('sign_in_sessions_live_user_idx').on(t.userId).where(sql`${t.endedAt} is null`),
    index('sign_in_sessions_ended_idx').on(t.endedAt),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: parentId('user_id', () => users.id, 'cascade'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    ...createdAt,
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_idx').on(t.tokenHash)],
);

/** Product-wide settings as key/value (footer links, training playlists, …). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  ...timestamps,
});

/**
 * Bingo cards printed for a room (traditional delivery): the cards themselves, so the server can check
 * a shouted claim by its serial (`code`-number) however the dealer changes later.
 */
export const printedCardSets = pgTable(
  'printed_card_sets',
  {
    id: serial('id').primaryKey(),
    roomId: parentId('room_id', () => rooms.id, 'cascade'),
    /** Random (PRINTED_CARDS.codeAlphabet), so a serial of one set says nothing about another's. */
    code: text('code').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    count: integer('count').notNull(),
    cardsPerPage: integer('cards_per_page').notNull(),
    /** BingoCard[]: card n of the set (serial `code`-n) is cards[n - 1]. */
    cards: jsonb('cards').notNull(),
    ...createdAt,
  },
  (t) => [
    uniqueIndex('printed_card_sets_code_idx').on(t.code),
    index('printed_card_sets_room_idx').on(t.roomId),
    check('printed_card_sets_count_check', sql`${t.count} between 1 and 500`),
    check('printed_card_sets_per_page_check', sql`${t.cardsPerPage} in (1, 2, 4)`),
  ],
);

/**
 * The audit log (issue 30 item 3): every change an admin or super admin makes and every staff
 * sign-in and refusal. Append-only: a trigger (migration 0008) refuses UPDATE and DELETE except the
 * retention purge (audit/service.ts). No foreign keys: an entry outlives the user, organization or
 * thing it names, so the actor's and target's names are copied in.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: at('at').notNull().defaultNow(),
    /** The organization the entry belongs to (its admins read it); null: product-wide. */
    orgId: integer('org_id'),
    actorId: integer('actor_id'),
    /** The actor's email (or username) at the time; for a refused sign-in, the email tried. */
    actorLabel: text('actor_label').notNull(),
    actorRole: text('actor_role'),
    /** e.g. `user.update`, `auth.login`, `auth.login_refused`, `org.export`. */
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    /** `{ field: [before, after] }` for changed fields. */
    changes: jsonb('changes'),
    address: text('address'),
  },
  (t) => [index('audit_log_org_at_idx').on(t.orgId, t.at), index('audit_log_at_idx').on(t.at)],
);

/**
 * An organization's sign-in rules: its OpenID Connect provider (single sign-on) and whether its
 * admins need two-factor sign-in. A row only once an admin saved them; none means the defaults.
 */
export const orgSignIn = pgTable('org_sign_in', {
  orgId: orgKey(),
  ssoEnabled: boolean('sso_enabled').notNull().default(false),
  issuer: text('issuer'),
  clientId: text('client_id'),
  /** AES-256-GCM under a key derived from the server's secret (auth/secret-box.ts); never returned. */
  clientSecretEncrypted: text('client_secret_encrypted'),
  /** A verified email with no account yet gets one at its first sign-in, with `defaultRole`. */
  createAccounts: boolean('create_accounts').notNull().default(false),
  defaultRole: roleEnum('default_role').notNull().default('FACILITATOR'),
  /** Its staff (never a super admin) sign in through SSO only. */
  passwordSignInDisabled: boolean('password_sign_in_disabled').notNull().default(false),
  requireTwoFactorForAdmins: boolean('require_two_factor_for_admins').notNull().default(false),
  ...timestamps,
});

/**
 * An organization's SAML 2.0 single sign-on (auth/saml): the identity provider as its metadata says,
 * and the service provider's own key pair (signs AuthnRequests, decrypts encrypted assertions).
 * Account matching, default role and password-off are org_sign_in's, shared with OpenID Connect.
 */
export const orgSaml = pgTable('org_saml', {
  orgId: orgKey(),
  enabled: boolean('enabled').notNull().default(false),
  /** Where the metadata was read from (read again at each save); null when pasted. */
  idpMetadataUrl: text('idp_metadata_url'),
  idpEntityId: text('idp_entity_id'),
  idpSsoUrl: text('idp_sso_url'),
  /** The provider's single logout address (HTTP-Redirect), if it offers one. */
  idpSloUrl: text('idp_slo_url'),
  /** The provider's signing certificates (PEM bodies), as its metadata lists them. */
  idpCertificates: jsonb('idp_certificates').$type<string[]>().notNull().default([]),
  spCertificate: text('sp_certificate').notNull(),
  /** AES-256-GCM under a key derived from the server's secret (auth/secret-box.ts); never returned. */
  spPrivateKeyEncrypted: text('sp_private_key_encrypted').notNull(),
  ...timestamps,
});

/**
 * SAML message ids seen, until they expire: the AuthnRequests sent (an answer's InResponseTo must be
 * one, once) and the assertions accepted (each signs in once).
 */
export const samlMessageIds = pgTable('saml_message_ids', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  expiresAt: at('expires_at').notNull(),
});

/** An organization's SCIM bearer token (apps/server/src/scim): only its SHA-256 is kept. */
export const scimTokens = pgTable('scim_tokens', {
  orgId: orgKey(),
  tokenHash: text('token_hash').notNull().unique(),
  ...createdAt,
});

/** A staff member's TOTP secret: pending while `enabledAt` is null (set up but not yet confirmed). */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The base32 secret, encrypted (auth/secret-box.ts). */
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: at('enabled_at'),
  /** The last TOTP time step accepted: a code is never accepted twice. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  ...timestamps,
});

/** One-time recovery codes: only their SHA-256 is kept; each is spent by its first use. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: parentId('user_id', () => users.id, 'cascade'),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_user_code_idx').on(t.userId, t.codeHash)],
);

/**
 * An organization's retention (issue 45 item 3, apps/server/src/retention): months its games, its
 * players' answers and its audit entries are kept; null keeps them for ever. No row: all for ever.
 */
export const orgRetention = pgTable(
  'org_retention',
  {
    orgId: orgKey(),
    gamesMonths: integer('games_months'),
    answersMonths: integer('answers_months'),
    auditMonths: integer('audit_months'),
    /** The last daily run (a new row: when saved, so the first run is the next 03:00 UTC). */
    dailyRunAt: at('daily_run_at').notNull().defaultNow(),
    /** The last run of either kind (daily or "Apply now"). */
    lastRunAt: at('last_run_at'),
    ...timestamps,
  },
  (t) => [
    check('org_retention_games_check', sql`${t.gamesMonths} in (3, 6, 12, 24)`),
    check('org_retention_answers_check', sql`${t.answersMonths} in (3, 6, 12, 24)`),
    check('org_retention_audit_check', sql`${t.auditMonths} in (3, 6, 12, 24)`),
  ],
);

/**
 * An organization's learning record store (issue 47 item 2, apps/server/src/xapi): where its xAPI
 * statements go, and the delivery lease that lets one server instance at a time send them.
 */
export const orgXapi = pgTable('org_xapi', {
  orgId: orgKey(),
  enabled: boolean('enabled').notNull().default(false),
  endpoint: text('endpoint'),
  authKey: text('auth_key'),
  /** AES-256-GCM under a key derived from the server's secret (auth/secret-box.ts); never returned. */
  secretEncrypted: text('secret_encrypted'),
  identifyByEmail: boolean('identify_by_email').notNull().default(false),
  /**
   * The server's public address when the connection was saved: the base of the statements' IRIs
   * and of the learners' accounts, kept so they stay the same while the organization sends.
   */
  iriBase: text('iri_base').notNull(),
  /** The instance delivering now holds the organization until then (claimed by a conditional update). */
  leaseUntil: at('lease_until'),
  leaseOwner: text('lease_owner'),
  lastDeliveredAt: at('last_delivered_at'),
  lastError: text('last_error'),
  lastErrorAt: at('last_error_at'),
  ...timestamps,
});

/**
 * xAPI statements waiting to be sent, and those sent (kept a week: a statement made again within it
 * is not queued twice). `statement_id` is the statement's id (a UUID v5 of the fact it records).
 */
export const xapiStatements = pgTable(
  'xapi_statements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: parentId('org_id', () => organizations.id, 'cascade'),
    statementId: uuid('statement_id').notNull(),
    statement: jsonb('statement').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAt: at('next_at').notNull().defaultNow(),
    lastError: text('last_error'),
    deliveredAt: at('delivered_at'),
    /** The store refused it on its own (400): never sent again. */
    refusedAt: at('refused_at'),
    ...createdAt,
  },
  (t) => [
    uniqueIndex('xapi_statements_org_statement_idx').on(t.orgId, t.statementId),
    index('xapi_statements_due_idx')
      .on(t.orgId, t.nextAt)
      .where(sql`${t.deliveredAt} is null and ${t.refusedAt} is null`),
  ],
);

/**
 * LTI 1.3 (issue 47, apps/server/src/lti): the tool's own signing keys, server-wide. The newest is
 * the one that signs; every key not retired is in the published JWKS, so a new one can be added
 * (rotation) before the platforms have read it.
 */
export const ltiToolKeys = pgTable('lti_tool_keys', {
  kid: text('kid').primaryKey(),
  /** The public key as a JWK (RS256). */
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  /** The private key (PKCS#8 PEM), sealed (auth/secret-box.ts); never returned. */
  privateKeyEncrypted: text('private_key_encrypted').notNull(),
  retiredAt: at('retired_at'),
  ...createdAt,
});

/** A learning platform (Moodle, Canvas, …) registered by an organization: what the platform gave. */
export const ltiPlatforms = pgTable(
  'lti_platforms',
  {
    id: serial('id').primaryKey(),
    orgId: parentId('org_id', () => organizations.id, 'cascade'),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    /** The platform's deployment ids of this tool: a launch naming another is refused. */
    deploymentIds: jsonb('deployment_ids').$type<string[]>().notNull().default([]),
    authUrl: text('auth_url').notNull(),
    tokenUrl: text('token_url').notNull(),
    jwksUrl: text('jwks_url').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('lti_platforms_org_issuer_client_idx').on(t.orgId, t.issuer, t.clientId)],
);

/**
 * One login initiation: its state and nonce, each good once (used_at set by the launch that
 * spends it), for ten minutes.
 */
export const ltiStates = pgTable(
  'lti_states',
  {
    state: text('state').primaryKey(),
    nonce: text('nonce').notNull().unique(),
    platformId: parentId('platform_id', () => ltiPlatforms.id, 'cascade'),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('lti_states_expires_idx').on(t.expiresAt)],
);

/**
 * The Playshop account of a platform's user in an organization: (issuer, sub), separately as a
 * learner (a player) and as an instructor (staff), so one person can be both (docs/decisions.md).
 */
export const ltiAccounts = pgTable(
  'lti_accounts',
  {
    orgId: parentId('org_id', () => organizations.id, 'cascade'),
    issuer: text('issuer').notNull(),
    sub: text('sub').notNull(),
    staff: boolean('staff').notNull(),
    userId: parentId('user_id', () => users.id, 'cascade'),
    ...createdAt,
  },
  (t) => [primaryKey({ columns: [t.orgId, t.issuer, t.sub, t.staff] })],
);

/** A learner launched into a room from a resource link: where (and how) their score goes. */
export const ltiLinks = pgTable(
  'lti_links',
  {
    id: serial('id').primaryKey(),
    platformId: parentId('platform_id', () => ltiPlatforms.id, 'cascade'),
    userId: parentId('user_id', () => users.id, 'cascade'),
    roomId: parentId('room_id', () => rooms.id, 'cascade'),
    resourceLinkId: text('resource_link_id').notNull(),
    sub: text('sub').notNull(),
    /** The AGS line item of the link; null: the platform offers no grade for it. */
    lineItemUrl: text('line_item_url'),
    /** 'points' or 'attendance' (the author's choice at deep linking). */
    scoreMode: text('score_mode').notNull().default('points'),
    scoreMaximum: integer('score_maximum').notNull().default(10),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('lti_links_platform_link_user_idx').on(t.platformId, t.resourceLinkId, t.userId),
    index('lti_links_room_idx').on(t.roomId),
  ],
);

/** Games whose LTI learners' scores have been put in the queue (each game once). */
export const ltiScannedGames = pgTable('lti_scanned_games', {
  gameId: integer('game_id')
    .primaryKey()
    .references(() => games.id, { onDelete: 'cascade' }),
  ...createdAt,
});

/** The scores to post (AGS), a durable queue: retried with backoff until sent or given up. */
export const ltiScores = pgTable(
  'lti_scores',
  {
    id: serial('id').primaryKey(),
    linkId: parentId('link_id', () => ltiLinks.id, 'cascade'),
    gameId: integer('game_id').references(() => games.id, { onDelete: 'set null' }),
    scoreGiven: integer('score_given').notNull(),
    scoreMaximum: integer('score_maximum').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    sentAt: at('sent_at'),
    /** Past the last attempt: kept with its last error, never tried again. */
    failedAt: at('failed_at'),
    lastError: text('last_error'),
    ...createdAt,
  },
  (t) => [
    uniqueIndex('lti_scores_link_game_idx').on(t.linkId, t.gameId),
    index('lti_scores_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
  ],
);
