import { z } from 'zod/mini';
import { key, type MessageKey } from './server-messages';

/**
 * The boundary rules every input schema is built from (REST bodies, params and queries, WebSocket
 * frames): ids fit PostgreSQL's int4, text never carries NUL, one-line names carry no control
 * characters. A value outside them is a 400 with a message, never a database error.
 */

/** PostgreSQL `integer` (int4): the largest id or count a column can hold. */
export const INT4_MAX = 2_147_483_647;

const NUL = '\u0000';
// C0 (tab, CR, LF, ESC, …), DEL and C1, plus the Unicode line and paragraph separators.
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// The same but tab, LF and CR: what a multi-line field (a textarea) may hold.
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
const CONTROL_CHARS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/;

/** An id in a JSON body or frame: a positive int4. `message` replaces the default for every failure. */
export const zId = (message: MessageKey = 'input.idOutOfRange') =>
  z.number({ message }).check(z.int(message), z.gte(1, message), z.lte(INT4_MAX, message));

/** An id from a path, query or form select (a string '12' or a number): a positive int4. */
export const zIdParam = (message: MessageKey = 'input.idOutOfRange') =>
  z.coerce.number({ message }).check(z.int(message), z.gte(1, message), z.lte(INT4_MAX, message));

/** A count, position or sequence number from outside: 0 to INT4_MAX. */
export const zCount = () =>
  z
    .number({ message: key('input.numberOutOfRange') })
    .check(
      z.int('input.numberOutOfRange'),
      z.gte(0, key('input.numberOutOfRange')),
      z.lte(INT4_MAX, key('input.numberOutOfRange')),
    );

/** Free text from outside (passwords, tokens, documents): anything but NUL. */
export const zText = () => z.string().check(z.refine((v) => !v.includes(NUL), key('input.nul')));

/** A one-line value (names, titles, usernames, emails, search terms): no control characters at all. */
export const zLine = () =>
  z.string().check(z.refine((v) => !CONTROL_CHARS.test(v), key('input.controlChars')));

/**
 * A "valid e-mail address" as the HTML standard defines it, the rule a browser's `<input type=email>`
 * applies: any domain ending (anna@lernwerk.koeln, x@studio.photography), each domain label 1 to 63
 * letters, digits or inner hyphens. https://html.spec.whatwg.org/#valid-e-mail-address
 */
export const EMAIL_ADDRESS =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/**
 * Text written in a textarea and shown as written (a content's description, a facilitator's script):
 * line breaks and tabs, no other control character (ESC would drive a terminal that prints it, C1
 * and the Unicode separators break lines where the screens do not). CR LF and CR become LF.
 */
export const zMultiline = () =>
  z.string().check(
    z.refine((v) => !CONTROL_CHARS_BUT_LINES.test(v), key('input.controlCharsMultiline')),
    z.overwrite((v) => v.replace(/\r\n?/g, '\n')),
  );

/**
 * A value normalised before its schema checks it (a select's '' as nothing, a type's spelling): zod/mini
 * has no `z.preprocess`, this is the pipe classic zod builds for it (the transform, then the schema).
 */
export const zPreprocess = <U extends z.core.SomeType>(fn: (value: unknown) => unknown, schema: U) =>
  // Typed as classic's preprocess: a key is optional when its schema is (the pipe's type reads the
  // transform's side); at run time both are the same pipe.
  z.pipe(z.transform(fn), schema as U & z.core.$ZodType) as unknown as z.ZodMiniType<
    z.output<U>,
    unknown,
    z.core.$ZodPreprocessInternals<U>
  >;

/** Whether `value` is an http or https address. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * An http(s) address of at most `maxLength` characters (1,000), trimmed, that `also` accepts when
 * given; `text` when it is not one.
 */
export const zWebAddress = (
  text: string,
  { maxLength = 1000, also }: { maxLength?: number; also?: (url: URL) => boolean } = {},
) =>
  zLine().check(
    z.trim(),
    z.maxLength(maxLength),
    z.refine((value) => isWebAddress(value) && (!also || also(new URL(value))), text),
  );
