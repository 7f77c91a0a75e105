import { MATERIAL_NAME_MAX, MATERIAL_TEXTS } from '@playshop/shared';
import { hasMessage, type StaffMessageId, t } from '../../i18n/i18n';

/**
 * A materials text in the reader's language: the shared schemas and the server speak MATERIAL_TEXTS
 * (English), each with its `materials.<name>` message in the staff catalogue. Any other text is
 * shown as it came.
 */
export function materialText(message: string): string {
  const name = Object.entries(MATERIAL_TEXTS).find(([, english]) => english === message)?.[0];
  const id = `materials.${name}`;
  return name && hasMessage(id) ? t(id as StaffMessageId, { max: MATERIAL_NAME_MAX }) : message;
}
