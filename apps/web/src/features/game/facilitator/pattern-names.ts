import type { WinPattern, WinPatternKind } from '@playshop/shared';
import { type StaffMessageId, t } from '../../../i18n/i18n';

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
