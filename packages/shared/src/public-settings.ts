import { z } from 'zod/mini';
import { endpoints, GET, PUT } from './endpoint';
import { zLine } from './input';
import { ZPublicSettings } from './schemas';
import { key } from './server-messages';

// The footer's links, apart from training.ts: the footer on every player screen reads them, and this
// keeps the training schemas off the player's path.

/** The product-wide links a super admin edits in Settings (PUT /public-settings). */
const linkAddress = zLine().check(
  z.trim(),
  z.maxLength(2000),
  z.refine(
    (v) => /^https?:\/\/\S+$/i.test(v) || /^mailto:[^\s@]+@[^\s@]+$/i.test(v),
    key('links.addressInvalid'),
  ),
);

/** The footer's Report Issue and Status links, and an external training site. */
export const ZPublicSettingsUpdate = z.object({
  reportIssueUrl: linkAddress,
  statusUrl: linkAddress,
  /** Empty: the sidebar's Training link opens the in-app training page. */
  trainingUrl: zLine().check(
    z.trim(),
    z.maxLength(2000),
    z.refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), key('links.trainingAddressInvalid')),
  ),
});
export type PublicSettingsUpdate = z.infer<typeof ZPublicSettingsUpdate>;

export const SETTINGS_API = endpoints(['settings'], {
  /** The one unauthenticated read besides auth: the footer links shown on the login page. */
  publicSettings: GET(
    { path: '/public-settings', reply: ZPublicSettings, access: 'public' },
    'Footer and external links shown before sign-in',
  ),
  savePublicSettings: PUT(
    {
      path: '/public-settings',
      body: ZPublicSettingsUpdate,
      reply: ZPublicSettings,
      access: 'manageProductSettings',
    },
    'Change the Report Issue, Status and external Training links (super admin)',
  ),
});
