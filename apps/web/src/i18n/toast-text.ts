import { hasMessage, type MessageId, t } from './i18n';

/** `Bad Request: Name taken`, with the language's own colon spacing (French puts a space before it). */
export const withPrefix = (prefix: string, message: string): string =>
  t('toast.withMessage', { prefix, message });

/** A catalogue text named at run time (`toast.404`), or null when the catalogue has none. */
const optional = (id: string): string | null => (hasMessage(id) ? t(id as MessageId) : null);

/**
 * The error toast of SPEC §8 for an HTTP failure, in the reader's language: `toast.<status>` is the
 * prefix of each status the spec names ('Bad Request'), `toast.<status>.none` the text when the
 * server sent none; any other status reads 'Error 418'. No response: 'Network Error: …'.
 */
export function httpErrorToast(status: number | undefined, message: string | undefined): string {
  if (status === undefined) return t('toast.noResponse');
  const prefix = optional(`toast.${status}`) ?? t('toast.status', { status });
  const text = message || optional(`toast.${status}.none`);
  return text ? withPrefix(prefix, text) : prefix;
}
