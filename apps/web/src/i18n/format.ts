import { currentLanguage } from './i18n';
import { intlLocale } from './languages';

/**
 * Dates, times and numbers in the active language through `Intl` (cached formatters). Components
 * that call these also call `useT()` or `useLocale()`, so they re-render on a change of language.
 */
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function formatter<T extends Intl.DateTimeFormat | Intl.NumberFormat>(
  kind: 'date' | 'number',
  options: Intl.DateTimeFormatOptions | Intl.NumberFormatOptions,
  make: (locale: string) => T,
): T {
  const locale = intlLocale(currentLanguage());
  const key = `${kind}:${locale}:${JSON.stringify(options)}`;
  let found = cache.get(key) as T | undefined;
  if (!found) {
    found = make(locale);
    cache.set(key, found);
  }
  return found;
}

const dateFormat = (options: Intl.DateTimeFormatOptions) =>
  formatter('date', options, (locale) => new Intl.DateTimeFormat(locale, options));

export const formatDate = (
  value: Date | number,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
) => dateFormat(options).format(value);

export const formatTime = (
  value: Date | number,
  options: Intl.DateTimeFormatOptions = { timeStyle: 'short' },
) => dateFormat(options).format(value);

export const formatDateTime = (value: Date | number) =>
  dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(value);

export const formatNumber = (value: number, options: Intl.NumberFormatOptions = {}) =>
  formatter('number', options, (locale) => new Intl.NumberFormat(locale, options)).format(value);
