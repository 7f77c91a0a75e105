import type { ContentType } from '@playshop/shared';
import { type StaffMessageId, t } from '../../i18n/i18n';

const TYPE_LABELS: Record<ContentType, StaffMessageId> = {
  QUESTION: 'content.typeQuestion',
  IMAGE: 'content.typeImage',
  VIDEO: 'content.typeVideo',
  OTHER: 'content.typeOther',
};

/** A content type's name on the staff screens (CONTENT_TYPE_LABELS in English). */
export const contentTypeLabel = (type: ContentType): string => t(TYPE_LABELS[type]);
