import type { RoomBranding } from '@playshop/shared';
import type { CSSProperties } from 'react';
import classes from './brand-frame.module.css';

/**
 * An organization's look on a room's screens (issue 32: player, presenter, join page): its colours as
 * CSS variables on the screen's root element (`style`), so Mantine's brand shades inside follow them;
 * nothing for no branding (Playshop's look). The server works them out (`brandCss`): this is on the
 * player's path.
 */
export const brandVars = (branding: RoomBranding | null | undefined): CSSProperties | undefined =>
  branding
    ? (Object.fromEntries(
        branding.css.split(';').map((declaration) => declaration.split(':')),
      ) as CSSProperties)
    : undefined;

/** The organization's band: its logo and name on its primary colour, its accent underneath. */
export function BrandBand({ branding }: { branding: RoomBranding | null | undefined }) {
  if (!branding) return null;
  return (
    <div className={classes.band} data-testid="brand-band">
      {branding.logoUrl && (
        <img className={classes.logo} src={branding.logoUrl} alt={`${branding.orgName} logo`} />
      )}
      <span>{branding.orgName}</span>
    </div>
  );
}
