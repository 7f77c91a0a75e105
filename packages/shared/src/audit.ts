import { z } from 'zod/mini';
import { endpoints, GET } from './endpoint';
import { zIdParam, zLine } from './input';
import { zPaged, zPaging } from './pagination';

/**
 * The audit log (issue 30 item 3): who changed what, when and from where. Append-only; an
 * organization's admins read their organization's entries, the super admin every entry.
 */
export const AUDIT_TEXTS = {
  title: 'Audit log',
  exportCsv: 'Export CSV',
  empty: 'No entries',
  badDate: 'Date must be YYYY-MM-DD',
} as const;

/** The actions the server records by name; any other change is recorded as `METHOD /path`. */
export const AUDIT_ACTIONS = {
  signIn: 'auth.login',
  signInRefused: 'auth.login_refused',
  /** The password was right; the two-factor step is asked next. */
  signInSecondStep: 'auth.login_second_step',
} as const;

const ZDay = zLine().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, AUDIT_TEXTS.badDate));

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
