import { VALIDATION } from '@playshop/shared';
import { hasMessage, t } from '../i18n/i18n';

/**
 * specText (spec-text.ts) for the sign-in and password forms, whose shared schemas only say
 * VALIDATION texts: the same `validation.<name>` message, without spec-text's index of every
 * domain's texts, which would add each domain's module to the entry chunk's preload lists.
 */
export function validationText(english: string | undefined): string | undefined {
  const name = Object.entries(VALIDATION).find(([, text]) => text === english)?.[0];
  return name && hasMessage(`validation.${name}`)
    ? t(`validation.${name}` as 'validation.emailRequired')
    : english;
}
