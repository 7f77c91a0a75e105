import { hasMessage, type MessageId, type MessageValues, t } from '../i18n/i18n';

/**
 * A text that may be a message key (a shared schema's issue, a refused row of an import) in the
 * reader's language: the key's message when the loaded catalogues have it, else the text as it came
 * (zod's own wording of a length or a type). No English is looked up: schemas speak keys.
 */
export function keyText(text: string | undefined, values?: MessageValues): string | undefined {
  return text && hasMessage(text) ? t(text as MessageId, values) : text;
}
