/** The keys of the product-wide key/value `settings` table (schema.ts), read by their owners and the audit log. */

/** The product-wide two-factor rule (the super admin's): auth/two-factor/policy.ts. */
export const PRODUCT_TWO_FACTOR_KEY = 'requireTwoFactorForStaff';

/** Every role's playlist source: training/service.ts. */
export const TRAINING_SETTINGS_KEY = 'trainingPlaylists';
