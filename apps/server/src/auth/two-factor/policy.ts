import { isAdminRole, isStaffRole, type Role } from '@playshop/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orgSignIn, settings } from '../../db/schema';
import { PRODUCT_TWO_FACTOR_KEY } from '../../db/setting-keys';

/** Who must use two-factor: the product's rule for every staff account, an organization's for its admins. */
export function twoFactorPolicy(db: Db, now: () => Date) {
  return {
    /** The organization's rule for its admins, or the product's for every staff account. */
    async isRequired(user: { role: Role; orgId: number }): Promise<boolean> {
      if (!isStaffRole(user.role)) return false;
      const [product] = await db
        .select({ value: settings.value })
        .from(settings)
        .where(eq(settings.key, PRODUCT_TWO_FACTOR_KEY));
      if (product?.value === true) return true;
      if (!isAdminRole(user.role)) return false;
      const [org] = await db
        .select({ required: orgSignIn.requireTwoFactorForAdmins })
        .from(orgSignIn)
        .where(eq(orgSignIn.orgId, user.orgId));
      return org?.required === true;
    },

    async productPolicy(): Promise<{ requireTwoFactorForStaff: boolean }> {
      const [row] = await db.select().from(settings).where(eq(settings.key, PRODUCT_TWO_FACTOR_KEY));
      return { requireTwoFactorForStaff: row?.value === true };
    },

    async saveProductPolicy(requireTwoFactorForStaff: boolean) {
      await db
        .insert(settings)
        .values({ key: PRODUCT_TWO_FACTOR_KEY, value: requireTwoFactorForStaff })
        .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: now() } });
      return { requireTwoFactorForStaff };
    },
  };
}
