import { z } from 'zod/mini';

// Its own module: the game's protocol and the join info carry it, and the player's bundle takes this
// schema without the branding endpoints (branding.ts).
/** What the game screens, the join page, printed cards and mail draw; null fields keep Playshop's look. */
export const ZRoomBranding = z.object({
  orgName: z.string(),
  primaryColor: z.nullable(z.string()),
  accentColor: z.nullable(z.string()),
  /** A content-hash address under the API prefix, cached for a year. */
  logoUrl: z.nullable(z.string()),
  /**
   * The CSS variables of the colours as declarations, `--name:value;…` (`brandCss`), worked out by
   * the server so that the player's bundle carries no colour arithmetic (and no record schema): a
   * screen sets them on its root element.
   */
  css: z.string(),
});
export type RoomBranding = z.infer<typeof ZRoomBranding>;
