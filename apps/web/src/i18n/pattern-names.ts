import type { WinPattern, WinPatternKind } from '@playshop/shared';
import { type StaffMessageId, t } from './i18n';

/** The win patterns' names on the staff screens (WIN_PATTERN_NAMES in English). */
const PATTERN_NAMES: Record<WinPatternKind, StaffMessageId> = {
  any_line: 'gameControl.patternAnyLine',
  two_lines: 'gameControl.patternTwoLines',
  four_corners: 'gameControl.patternFourCorners',
  x: 'gameControl.patternX',
  frame: 'gameControl.patternFrame',
  full_house: 'gameControl.patternFullHouse',
  custom: 'gameControl.patternCustom',
};

/** A win pattern's name in the active language. */
export const staffPatternName = (pattern: Pick<WinPattern, 'kind'>): string => t(PATTERN_NAMES[pattern.kind]);

/** The line under a line pattern's drawing, which shows one example line of the many that win. */
export function staffPatternHint(pattern: Pick<WinPattern, 'kind'>): string | null {
  if (pattern.kind === 'any_line') return t('gameControl.patternAnyLineHint');
  if (pattern.kind === 'two_lines') return t('gameControl.patternTwoLinesHint');
  return null;
}
