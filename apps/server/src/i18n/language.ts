import { STAFF_LANGUAGES, type StaffLanguage } from '@playshop/shared';

const isStaffLanguage = (tag: string): tag is StaffLanguage =>
  (STAFF_LANGUAGES as readonly string[]).includes(tag);

/**
 * The language of a page the server writes for whoever is in front of the browser (the LTI launch's
 * pages): the first of `preferred` (a platform's `locale` claim, `fr-CA`) that the staff screens
 * speak, else the browser's Accept-Language by its weights, else English.
 */
export function pageLanguage(
  preferred: readonly unknown[],
  acceptLanguage: string | undefined,
): StaffLanguage {
  const accepted = (acceptLanguage ?? '')
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, weight: q ? Number(q.slice(2)) : 1, order };
    })
    .filter(({ tag, weight }) => tag !== '' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order)
    .map(({ tag }) => tag);
  for (const tag of [...preferred, ...accepted]) {
    if (typeof tag !== 'string') continue;
    const primary = tag.toLowerCase().split(/[-_]/)[0] ?? '';
    if (isStaffLanguage(primary)) return primary;
  }
  return 'en';
}
