/**
 * An organization's license runs to the end of its expiry day (UTC); no date means no expiry.
 * `expiry` is an ISO date, `YYYY-MM-DD`.
 */
export function isOrgExpired(expiry: string | null | undefined, now: Date = new Date()): boolean {
  if (!expiry) return false;
  return expiry < now.toISOString().slice(0, 10);
}
