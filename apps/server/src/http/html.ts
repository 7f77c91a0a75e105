/** HTML the server writes itself (trust pages, LTI and SAML pages, mail): every value escaped once, here. */

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** A tagged template whose values are escaped unless they are `raw(…)` HTML. */
export class Raw {
  constructor(readonly html: string) {}
}
export const raw = (html: string) => new Raw(html);

export function html(strings: TemplateStringsArray, ...values: unknown[]): Raw {
  const piece = (v: unknown): string =>
    v instanceof Raw ? v.html : Array.isArray(v) ? v.map(piece).join('') : escapeHtml(String(v ?? ''));
  return raw(strings.reduce((out, s, i) => out + s + (i < values.length ? piece(values[i]) : ''), ''));
}
