/** RFC 7644 §3.12: every refusal in the SCIM error format, with the HTTP status as a string. */
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

export type ScimType =
  | 'uniqueness'
  | 'invalidFilter'
  | 'invalidValue'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'mutability'
  | 'tooMany';

export class ScimError extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
  }
}

export const scimErrorBody = (status: number, detail: string, scimType?: ScimType) => ({
  schemas: [ERROR_SCHEMA],
  status: String(status),
  ...(scimType ? { scimType } : {}),
  detail,
});

export const invalidValue = (detail: string) => new ScimError(400, detail, 'invalidValue');
export const notFound = (detail = 'Resource not found') => new ScimError(404, detail);
