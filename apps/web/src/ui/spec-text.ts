import { SERVER_CATALOGUES } from '@playshop/shared';
import { hasMessage, type MessageId, t } from '../i18n/i18n';

let keysByEnglish: Map<string, string[]> | null = null;

/**
 * A text of the spec (a shared schema's validation message, a toast) in the reader's language: the
 * catalogue key whose English it is (SERVER_CATALOGUES, the same keys the server sends), else the
 * English itself. Form errors come from the shared zod schemas as English, so they pass through here.
 */
export function specText(english: string | undefined): string | undefined {
  if (!english) return english;
  if (!keysByEnglish) {
    keysByEnglish = new Map();
    for (const [catalogue, texts] of Object.entries(SERVER_CATALOGUES)) {
      for (const [name, text] of Object.entries(texts)) {
        if (typeof text !== 'string') continue;
        keysByEnglish.set(text, [...(keysByEnglish.get(text) ?? []), `${catalogue}.${name}`]);
      }
    }
  }
  const key = keysByEnglish.get(english)?.find(hasMessage);
  return key ? t(key as MessageId) : english;
}
