import type { RoomBranding } from '@playshop/shared';
import classes from './brand-mark.module.css';

// Apart from brand-frame.tsx: the presenter's alone, kept out of the chunk the player loads.
/** The logo alone, for a header that has its own titles (the presenter view): on white, a brand border. */
export function BrandMark({ branding }: { branding: RoomBranding | null | undefined }) {
  if (!branding?.logoUrl) return null;
  return (
    <img
      className={classes.mark}
      src={branding.logoUrl}
      alt={`${branding.orgName} logo`}
      data-testid="brand-mark"
    />
  );
}
