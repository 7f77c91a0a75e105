import { englishOf } from '@playshop/messages/english';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  brandCss,
  brandStyle,
  contrastRatio,
  inkOnWhite,
  MIN_TEXT_CONTRAST,
  relativeLuminance,
  textOn,
} from './brand-colors';
import { ZBrandColor } from './branding';

const anyColor = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);

describe('WCAG relative luminance and contrast', () => {
  it('matches the WCAG reference values', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 10);
    // Playshop's violet, as the theme notes it: 6.3:1 on white.
    expect(contrastRatio('#6741d9', '#ffffff')).toBeCloseTo(6.3, 1);
    // #777777 on white is the classic just-failing grey (4.48:1).
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});

describe('textOn: the text colour on a brand colour', () => {
  it('picks black on light colours and white on dark ones', () => {
    expect(textOn('#ffff00')).toBe('#000000');
    expect(textOn('#ffffff')).toBe('#000000');
    expect(textOn('#1a1a8c')).toBe('#ffffff');
    expect(textOn('#000000')).toBe('#ffffff');
  });

  it('keeps 4.5:1 on every colour', () => {
    fc.assert(
      fc.property(anyColor, (color) => contrastRatio(color, textOn(color)) >= MIN_TEXT_CONTRAST),
      { numRuns: 20_000 },
    );
    // The hardest colours: mid-luminance greys and hues around 0.18 luminance.
    for (const color of [
      '#757575',
      '#767676',
      '#777777',
      '#808080',
      '#ff0000',
      '#00a000',
      '#0080ff',
      '#e0115f',
    ]) {
      expect(contrastRatio(color, textOn(color))).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });
});

describe('inkOnWhite: the brand colour as text on white', () => {
  it('keeps a colour that already reaches 4.5:1 on white', () => {
    expect(inkOnWhite('#6741d9')).toBe('#6741d9');
    expect(inkOnWhite('#000000')).toBe('#000000');
  });

  it('darkens a light colour just enough', () => {
    const ink = inkOnWhite('#ffd43b');
    expect(ink).not.toBe('#ffd43b');
    expect(contrastRatio(ink, '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(ink, '#ffffff')).toBeLessThan(MIN_TEXT_CONTRAST + 0.2);
  });

  it('reaches 4.5:1 on white for every colour', () => {
    fc.assert(
      fc.property(anyColor, (color) => contrastRatio(inkOnWhite(color), '#ffffff') >= MIN_TEXT_CONTRAST),
      { numRuns: 5_000 },
    );
  });
});

describe('brandStyle: the wrapper’s CSS variables', () => {
  it('is empty without branding, so Playshop’s look stays', () => {
    expect(brandStyle(null)).toEqual({});
    expect(brandStyle({ primaryColor: null, accentColor: null })).toEqual({});
  });

  it('sets the colours, their text colours and brand shades that keep 4.5:1', () => {
    const style = brandStyle({ primaryColor: '#ffd43b', accentColor: '#0b7285' });
    expect(style['--brand-primary']).toBe('#ffd43b');
    expect(style['--brand-on-primary']).toBe('#000000');
    expect(style['--brand-accent']).toBe('#0b7285');
    expect(style['--brand-on-accent']).toBe('#ffffff');
    // Shades 6–9 carry white text (buttons, marked cells) and are text on white (headings).
    for (const shade of [6, 7, 8, 9]) {
      expect(contrastRatio(style[`--mantine-color-brand-${shade}`]!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
    // Tints 0–1 sit under ink-coloured text (light buttons).
    for (const tint of [0, 1]) {
      expect(
        contrastRatio(style[`--mantine-color-brand-${tint}`]!, style['--mantine-color-brand-light-color']!),
      ).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps the light buttons’ text at 4.5:1 on their tints for every colour', () => {
    fc.assert(
      fc.property(anyColor, (color) => {
        const style = brandStyle({ primaryColor: color, accentColor: null });
        const text = style['--mantine-color-brand-light-color']!;
        return [0, 1].every((tint) => contrastRatio(style[`--mantine-color-brand-${tint}`]!, text) >= 4.5);
      }),
      { numRuns: 3_000 },
    );
  });

  it('brandCss writes the same variables as declarations', () => {
    expect(brandCss({ primaryColor: null, accentColor: '#0b7285' })).toBe(
      '--brand-accent:#0b7285;--brand-on-accent:#ffffff',
    );
  });

  it('uses the primary colour for the accent when there is none', () => {
    expect(brandStyle({ primaryColor: '#0b7285', accentColor: null })['--brand-accent']).toBe('#0b7285');
  });
});

describe('ZBrandColor', () => {
  it('takes #rrggbb in any case and keeps it lower case', () => {
    expect(ZBrandColor.parse(' #0B7285 ')).toBe('#0b7285');
  });

  it('refuses anything else with the reason', () => {
    for (const bad of ['0b7285', '#0b728', '#0b72855', 'red', '#ggg000', 'rgb(0,0,0)', '']) {
      const result = ZBrandColor.safeParse(bad);
      expect(result.success).toBe(false);
      expect(englishOf(result.error?.issues[0]?.message)).toMatch(/six hexadecimal digits/);
    }
  });
});
