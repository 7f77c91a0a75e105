import type * as LocaleProvider from '../i18n/locale-provider';

/**
 * The locale provider with a useT that counts its calls in `renders`. Every screen part of the game
 * reads its texts through useT, so the count is the number of parts that rendered (the roll-render
 * tests). What a test file's own `vi.mock` of the locale provider returns, imported inside its factory
 * (the factory runs before the file's imports), with `renders` from `vi.hoisted`.
 */
export async function countingUseT(
  importOriginal: <M = unknown>() => Promise<M>,
  renders: { count: number },
): Promise<typeof LocaleProvider> {
  const original = await importOriginal<typeof LocaleProvider>();
  return {
    ...original,
    useT: () => {
      renders.count += 1;
      return original.useT();
    },
  };
}
