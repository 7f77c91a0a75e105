import type { MaterialFile } from '@playshop/shared';
import { formatDateTime } from '../../i18n/format';
import { t } from '../../i18n/i18n';

const UNITS = ['KB', 'MB', 'GB'] as const;

/** 0 B, 512 B, 1.5 KB, 3.0 MB: binary units, so the 5 MB limit reads '5.0 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${UNITS[unit]}`;
}

/** A short type people recognise: the extension in capitals ('PDF'), else the media type. */
export function fileTypeLabel(file: Pick<MaterialFile, 'name' | 'contentType'>): string {
  const dot = file.name.lastIndexOf('.');
  const extension = dot > 0 ? file.name.slice(dot + 1) : '';
  if (extension && extension.length <= 5) return extension.toUpperCase();
  return file.contentType || t('materials.unknownType');
}

export function formatUpdated(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatDateTime(date);
}
