/**
 * The contrast rule of an organization's colours (issue 32), kept apart from the branding contracts
 * so that the game screens take these few functions without any schema: the server's validation, the
 * settings preview and the branded screens all draw text on a brand colour with `textOn`, and use
 * `inkOnWhite` where the colour itself is text on white (docs/decisions.md, "Branding (issue 32)").
 */

/** WCAG 2.x AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

/** The sRGB channels of `#rrggbb`, 0–255. */
function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** WCAG 2.x relative luminance of `#rrggbb`, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The text colour drawn on a brand colour: black or white, whichever contrasts more. Every sRGB
 * colour has one of the two at 4.58:1 or better, so text on a brand colour always meets 4.5:1.
 */
export function textOn(background: string): '#000000' | '#ffffff' {
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff') ? '#000000' : '#ffffff';
}

const hex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** `color` mixed with `other`: share 0 is `color`, 1 is `other`. */
function mix(color: string, other: string, share: number): string {
  const a = channels(color);
  const b = channels(other);
  return hex(a.map((c, i) => c + (b[i]! - c) * share));
}

/**
 * The brand colour as ink on white: the colour itself when it reaches 4.5:1 on white, else the
 * lightest darkening of it that does. White text on it reaches 4.5:1 as well (the same ratio), so
 * it also serves as a fill under white text (buttons, marked cells) and as text on a light tint.
 */
export function inkOnWhite(color: string): string {
  if (contrastRatio(color, '#ffffff') >= MIN_TEXT_CONTRAST) return color;
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 24; i++) {
    const mid = (lo + hi) / 2;
    if (contrastRatio(mix(color, '#000000', mid), '#ffffff') >= MIN_TEXT_CONTRAST) hi = mid;
    else lo = mid;
  }
  return mix(color, '#000000', hi);
}

/**
 * The CSS custom properties a branded screen's wrapper sets (no library on the player's path):
 * `--brand-primary`/`--brand-accent` with `--brand-on-*`, the text colour `textOn` chose for each, and
 * Playshop's violet shades (`--mantine-color-brand-*`, Mantine's primary) replaced by the brand's: the
 * dark shades by `inkOnWhite` (text on white, fills under white text), the light ones by tints of it.
 * Empty for no branding: Playshop's own look stays.
 */
export function brandStyle(
  branding: { primaryColor: string | null; accentColor: string | null } | null | undefined,
): Record<string, string> {
  const style: Record<string, string> = {};
  const primary = branding?.primaryColor;
  const accent = branding?.accentColor ?? primary;
  if (accent) {
    style['--brand-accent'] = accent;
    style['--brand-on-accent'] = textOn(accent);
  }
  if (!primary) return style;
  style['--brand-primary'] = primary;
  style['--brand-on-primary'] = textOn(primary);
  const ink = inkOnWhite(primary);
  // Shades 0–3 are tints (backgrounds under dark text); 4–5 borders; 6–9 ink, darker each step.
  const tints = [0.92, 0.84, 0.7, 0.5, 0.3, 0.15];
  const shades = [
    ...tints.map((share) => mix(ink, '#ffffff', share)),
    ink,
    mix(ink, '#000000', 0.1),
    mix(ink, '#000000', 0.2),
    mix(ink, '#000000', 0.3),
  ];
  shades.forEach((shade, i) => {
    style[`--mantine-color-brand-${i}`] = shade;
    style[`--mantine-primary-color-${i}`] = shade;
  });
  const named = {
    filled: ink,
    'filled-hover': shades[7]!,
    light: shades[0]!,
    'light-hover': shades[1]!,
    // On the tints, a shade darker than the ink keeps 4.5:1 (the tint is not white).
    'light-color': shades[8]!,
    outline: ink,
    'outline-hover': shades[0]!,
    text: ink,
  };
  for (const [name, value] of Object.entries(named)) {
    style[`--mantine-color-brand-${name}`] = value;
    if (name !== 'outline' && name !== 'outline-hover' && name !== 'text')
      style[`--mantine-primary-color-${name}`] = value;
  }
  style['--mantine-primary-color-contrast'] = '#ffffff';
  return style;
}

/** `brandStyle` as CSS declarations, `--name:value;…`: how the room's branding carries it. */
export const brandCss = (colors: { primaryColor: string | null; accentColor: string | null }): string =>
  Object.entries(brandStyle(colors))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
