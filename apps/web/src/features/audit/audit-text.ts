import {
  AUDIT_ACTION_MESSAGES,
  AUDIT_ROUTES,
  AUDIT_TARGET_MESSAGES,
  type AuditEntry,
  auditActionKey,
  isAuditActionKey,
  isAuditTargetType,
  isLanguage,
  LANGUAGE_NAMES,
} from '@playshop/shared';
import { hasMessage, type StaffMessageId } from '../../i18n/i18n';

type Translate = (id: StaffMessageId, values?: Record<string, string | number>) => string;

/** A stored value as a catalogue id: `audit.value.` + `hidden-new` → `audit.value.hiddenNew`. */
const auditMessageId = (prefix: string, key: string) =>
  `${prefix}.${key.replace(/[_-]([a-z0-9])/g, (_, c: string) => c.toUpperCase())}`;

/** The id's text in the reader's language, or `fallback` when the catalogue has none. */
const textOr = (t: Translate, id: string, fallback: string) =>
  hasMessage(id) ? t(id as StaffMessageId) : fallback;

/**
 * What an entry did, in words: its key (an older entry's `PATCH /edit-admin` read as its key, made
 * precise by its changes) from the catalogue; a route no key names stays as it was stored.
 */
export const actionText = (t: Translate, entry: Pick<AuditEntry, 'action' | 'changes'>) => {
  const key = auditActionKey(entry.action, entry.changes);
  return isAuditActionKey(key) ? t(AUDIT_ACTION_MESSAGES[key]) : key;
};

/** Every action key with its words, by words: the filter's choices. */
export const actionChoices = (t: Translate) =>
  Object.entries(AUDIT_ACTION_MESSAGES)
    .map(([key, id]) => ({ value: key, label: t(id) }))
    .sort((a, b) => a.label.localeCompare(b.label));

/**
 * `Room: Blue Room`: the target's kind in words and its name (its id when it has none). An older
 * entry's kind was its route's group (`rooms`): its route names the kind instead.
 */
export function targetText(t: Translate, entry: AuditEntry): string {
  const type = AUDIT_ROUTES[entry.action]?.[1] ?? entry.targetType;
  const kind = type && isAuditTargetType(type) ? t(AUDIT_TARGET_MESSAGES[type]) : type;
  return [kind, entry.target ?? entry.targetId].filter(Boolean).join(': ');
}

export const fieldText = (t: Translate, field: string) => textOr(t, `audit.field.${field}`, field);

const ROLE_IDS: Readonly<Record<string, StaffMessageId>> = {
  SUPER_ADMIN: 'users.roleSuperAdmin',
  ADMIN: 'users.roleAdmin',
  FACILITATOR: 'users.roleFacilitator',
  PLAYER: 'users.rolePlayer',
};

/** A role in words (`ADMIN` → Admin); anything else as it is. */
export const roleText = (t: Translate, role: string) => (ROLE_IDS[role] ? t(ROLE_IDS[role]) : role);

/**
 * A before or after value: yes/no, (empty), a role or a language by its name, a hidden secret's
 * mark, text as it is, lists as JSON.
 */
export function valueText(t: Translate, value: unknown, field = ''): string {
  if (value === null || value === undefined || value === '') return t('audit.none');
  if (typeof value === 'boolean') return t(value ? 'audit.yes' : 'audit.no');
  if (typeof value === 'string' && /role$/i.test(field)) return roleText(t, value);
  if (typeof value === 'string' && field === 'language' && isLanguage(value)) return LANGUAGE_NAMES[value];
  if (typeof value === 'string') return textOr(t, auditMessageId('audit.value', value), value);
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}
