import { ScimError } from './errors';

/** One `attribute eq value` of a filter; attributes lower-cased, without the schema's URN. */
export interface Comparison {
  attribute: string;
  value: string | boolean | null;
}

const USER_URN = 'urn:ietf:params:scim:schemas:core:2.0:user:';
const GROUP_URN = 'urn:ietf:params:scim:schemas:core:2.0:group:';

/** An attribute path as compared: lower-case (RFC 7643 §2.1: case-insensitive), URN prefix dropped. */
export function attributeName(path: string): string {
  const lower = path.trim().toLowerCase();
  for (const urn of [USER_URN, GROUP_URN]) if (lower.startsWith(urn)) return lower.slice(urn.length);
  return lower;
}

const invalidFilter = (detail: string) => new ScimError(400, detail, 'invalidFilter');

/** Splits on ` and ` outside quoted strings and brackets. */
function splitAnd(filter: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < filter.length; i++) {
    const c = filter[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === '[') depth++;
    else if (c === ']') depth--;
    else if (depth === 0 && /\s/.test(c!) && /^\s+and\s+/i.test(filter.slice(i))) {
      parts.push(filter.slice(start, i));
      const skip = /^\s+and\s+/i.exec(filter.slice(i))![0].length;
      i += skip - 1;
      start = i + 1;
    }
  }
  if (quoted || depth !== 0) throw invalidFilter('The filter has an unclosed quote or bracket');
  parts.push(filter.slice(start));
  return parts;
}

const VALUE = String.raw`("(?:[^"\\]|\\.)*"|true|false|null)`;
const COMPARISON = new RegExp(String.raw`^\s*([A-Za-z][\w:.$-]*)\s+(\w+)\s+${VALUE}\s*$`, 'i');
// `emails[value eq "…"]` (RFC 7644 §3.4.2.2's value filter on a multi-valued attribute).
const VALUE_FILTER = new RegExp(
  String.raw`^\s*([A-Za-z][\w:.$-]*)\[\s*(\w+)\s+(\w+)\s+${VALUE}\s*\]\s*$`,
  'i',
);

const parseValue = (raw: string): string | boolean | null => {
  const lower = raw.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  if (lower === 'null') return null;
  return JSON.parse(raw) as string;
};

/**
 * A filter of `eq` comparisons joined by `and` (what Okta and Entra ID send): `userName eq "…"`,
 * `externalId eq "…"`, `emails[value eq "…"]`, `emails.value eq "…"`. Anything else is refused as
 * invalidFilter rather than answered wrongly.
 */
export function parseFilter(filter: string): Comparison[] {
  if (filter.length > 1000) throw invalidFilter('The filter is too long');
  return splitAnd(filter).map((part) => {
    const bracket = VALUE_FILTER.exec(part);
    const plain = bracket ? null : COMPARISON.exec(part);
    if (!bracket && !plain) throw invalidFilter(`Cannot read the filter "${part.trim()}"`);
    const [attribute, operator, raw] = bracket
      ? [`${bracket[1]}.${bracket[2]}`, bracket[3]!, bracket[4]!]
      : [plain![1]!, plain![2]!, plain![3]!];
    if (operator.toLowerCase() !== 'eq')
      throw invalidFilter(`Only the "eq" operator is supported, not "${operator}"`);
    return { attribute: attributeName(attribute), value: parseValue(raw) };
  });
}
