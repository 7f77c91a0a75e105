/** A positive whole-number id from a route parameter ('12'), or null for anything else ('1.5', '1e3', 'x'). */
export function parseRouteId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
