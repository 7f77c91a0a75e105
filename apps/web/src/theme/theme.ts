import {
  type CSSVariablesResolver,
  createTheme,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';

/**
 * Playshop violet. Shade 6 (#6741d9) is the primary: 6.3:1 on white and 5.4:1 on its own light tint,
 * so filled buttons, links and active navigation all pass WCAG AA for normal text.
 */
const brand: MantineColorsTuple = [
  '#f3f0ff',
  '#e5dbff',
  '#d0bfff',
  '#b197fc',
  '#9775fa',
  '#845ef7',
  '#6741d9',
  '#5f3dc4',
  '#5235ab',
  '#452d91',
];

const TINTED_VARIANTS = new Set(['light', 'subtle', 'outline', 'transparent']);

/**
 * Text on tinted variants uses the primary shade (6) of its colour, which for red, green, orange and
 * the like is under 4.5:1. Use shade 9 for them; the brand colour already passes at shade 6.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  const color = input.color ?? input.theme.primaryColor;
  if (color === input.theme.primaryColor || !input.theme.colors[color]) return resolved;
  if (!TINTED_VARIANTS.has(input.variant)) return resolved;
  return { ...resolved, color: `var(--mantine-color-${color}-9)` };
};

export const theme = createTheme({
  variantColorResolver,
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  headings: { fontWeight: '700' },
  components: {
    Notification: {
      defaultProps: { withBorder: true, closeButtonProps: { 'aria-label': 'Close notification' } },
    },
  },
});

/** Mantine's defaults for dimmed and error text are gray-6 and red-6, both under 4.5:1 on white. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
