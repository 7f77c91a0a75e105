import { createHash } from 'node:crypto';
import { invalidValue, ScimError } from './errors';
import { attributeName } from './filter';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** What of a SCIM User Playshop keeps. `userName` is the username; `email` the sign-in email. */
export interface UserFields {
  userName: string;
  email: string;
  givenName: string;
  familyName: string;
  externalId: string | null;
  active: boolean;
}

type Bag = Record<string, unknown>;
const isBag = (v: unknown): v is Bag => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A member of an object by name, ignoring case (RFC 7643 §2.1). */
export function pick(obj: unknown, name: string): unknown {
  if (!isBag(obj)) return undefined;
  const key = Object.keys(obj).find((k) => attributeName(k) === name.toLowerCase());
  return key === undefined ? undefined : obj[key];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX = 320;

const text = (value: unknown, what: string, required = false): string => {
  if (value === undefined || value === null) {
    if (required) throw invalidValue(`${what} is required`);
    return '';
  }
  if (typeof value !== 'string') throw invalidValue(`${what} must be a string`);
  if (value.length > MAX || value.includes('\0')) throw invalidValue(`${what} is too long or not text`);
  if (required && !value.trim()) throw invalidValue(`${what} is required`);
  return value.trim();
};

/** `active` as a boolean or, as Entra ID sends it, the string "True"/"False". */
export function activeOf(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim()))
    return value.trim().toLowerCase() === 'true';
  throw invalidValue('active must be true or false');
}

/** The sign-in email among `emails`: the primary one, else the work one, else the first. */
function emailFromList(list: unknown): string | undefined {
  if (list === undefined || list === null) return undefined;
  if (!Array.isArray(list)) throw invalidValue('emails must be a list');
  const values = list.filter(isBag);
  const primary = pick(
    values.find((e) => activeOf(pick(e, 'primary') ?? false)),
    'value',
  );
  const work = pick(
    values.find((e) => String(pick(e, 'type') ?? '').toLowerCase() === 'work'),
    'value',
  );
  const chosen = primary ?? work ?? pick(values[0], 'value');
  return chosen === undefined ? undefined : text(chosen, 'emails.value');
}

export function checkEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  if (!EMAIL.test(lower))
    throw invalidValue('A user needs an email address to sign in: give emails, or a userName that is one');
  return lower;
}

/** POST and PUT: a whole User. The email is `emails`' primary one, else the userName. */
export function userFromBody(body: unknown): UserFields {
  if (!isBag(body)) throw new ScimError(400, 'The body must be a JSON object', 'invalidSyntax');
  const userName = text(pick(body, 'userName'), 'userName', true);
  const name = pick(body, 'name');
  const active = pick(body, 'active');
  const externalId = pick(body, 'externalId');
  return {
    userName,
    email: checkEmail(emailFromList(pick(body, 'emails')) || userName),
    givenName: text(pick(name, 'givenName'), 'name.givenName'),
    familyName: text(pick(name, 'familyName'), 'name.familyName'),
    externalId: externalId === undefined || externalId === null ? null : text(externalId, 'externalId'),
    active: active === undefined || active === null ? true : activeOf(active),
  };
}

/** The weak ETag of a representation: a hash of it, so any change changes it. */
export function versionOf(resource: unknown): string {
  return `W/"${createHash('sha256').update(JSON.stringify(resource)).digest('base64url').slice(0, 20)}"`;
}

type Op = 'add' | 'replace' | 'remove';

/** One PATCH operation on a user's fields (RFC 7644 §3.5.2), with Okta's and Entra ID's forms. */
function applyUserOp(fields: UserFields, op: Op, path: string, value: unknown): void {
  const name = attributeName(path);
  const removing = op === 'remove';
  const str = (what: string) => (removing ? '' : text(value, what));
  // emails[type eq "work"].value, emails[primary eq true].value, emails.value, emails
  if (/^emails(\[[^\]]*\])?(\.value)?$/.test(name)) {
    if (removing) return; // The sign-in email stays: a user cannot be without one.
    const email =
      name === 'emails' ? emailFromList(Array.isArray(value) ? value : [value]) : text(value, path);
    if (email) fields.email = checkEmail(email);
    return;
  }
  switch (name) {
    case 'username':
      if (removing) throw new ScimError(400, 'userName is required and cannot be removed', 'mutability');
      fields.userName = text(value, 'userName', true);
      return;
    case 'externalid':
      fields.externalId = removing ? null : text(value, 'externalId') || null;
      return;
    case 'active':
      if (removing) throw new ScimError(400, 'active cannot be removed', 'mutability');
      fields.active = activeOf(value);
      return;
    case 'name.givenname':
      fields.givenName = str('name.givenName');
      return;
    case 'name.familyname':
      fields.familyName = str('name.familyName');
      return;
    case 'name':
      if (removing) {
        fields.givenName = '';
        fields.familyName = '';
        return;
      }
      if (!isBag(value)) throw invalidValue('name must be an object');
      for (const [key, inner] of Object.entries(value)) applyUserOp(fields, op, `name.${key}`, inner);
      return;
    case 'id':
    case 'meta':
    case 'schemas':
    case 'groups':
      throw new ScimError(400, `${path} cannot be changed here`, 'mutability');
    default:
      // Attributes Playshop does not keep (title, phoneNumbers, the enterprise extension…) are accepted
      // and not stored, as RFC 7644 §3.3 allows: directories send them whatever the mapping.
      return;
  }
}

export interface PatchOperation {
  op: Op;
  path: string | null;
  value: unknown;
}

/** The Operations of a PatchOp body; `op` in any case (Entra ID sends "Replace"). */
export function patchOperations(body: unknown): PatchOperation[] {
  const operations = pick(body, 'Operations');
  if (!Array.isArray(operations) || operations.length === 0)
    throw new ScimError(400, 'A PATCH needs Operations', 'invalidSyntax');
  if (operations.length > 100) throw new ScimError(400, 'Too many operations', 'tooMany');
  return operations.map((raw) => {
    const op = String(pick(raw, 'op') ?? '').toLowerCase();
    if (op !== 'add' && op !== 'replace' && op !== 'remove')
      throw invalidValue(`Unknown PATCH op "${String(pick(raw, 'op'))}": add, replace or remove`);
    const path = pick(raw, 'path');
    if (path !== undefined && path !== null && typeof path !== 'string')
      throw new ScimError(400, 'path must be a string', 'invalidPath');
    return { op, path: path?.trim() || null, value: pick(raw, 'value') };
  });
}

/** A user's fields after a PATCH: a path names the attribute; without one, each member of `value` does. */
export function patchUser(current: UserFields, operations: PatchOperation[]): UserFields {
  const fields = { ...current };
  for (const { op, path, value } of operations) {
    if (path) applyUserOp(fields, op, path, value);
    else if (op === 'remove') throw new ScimError(400, 'A remove needs a path', 'noTarget');
    else if (!isBag(value)) throw invalidValue('Without a path, value must be an object of attributes');
    else for (const [key, inner] of Object.entries(value)) applyUserOp(fields, op, key, inner);
  }
  return fields;
}
