import { Group, Stack, Text } from '@mantine/core';
import {
  ANY_LINE,
  CARD_SIZE,
  patternCells,
  type RoundRules,
  type WinPattern,
  type WinPatternKind,
} from '@playshop/shared';
import { t } from '../../../i18n/i18n';
import { useT } from '../../../i18n/locale-provider';
import classes from './pattern.module.css';

const CELLS = Array.from({ length: CARD_SIZE * CARD_SIZE }, (_, i) => i);

const PATTERN_KEYS = {
  any_line: 'pattern.anyLine',
  two_lines: 'pattern.twoLines',
  four_corners: 'pattern.fourCorners',
  x: 'pattern.x',
  frame: 'pattern.frame',
  full_house: 'pattern.fullHouse',
  custom: 'pattern.custom',
} as const satisfies Record<WinPatternKind, string>;

/** How a pattern is named on every screen, in the active language (WIN_PATTERN_NAMES in English). */
export const patternName = (pattern: WinPattern): string => t(PATTERN_KEYS[pattern.kind]);

/** A short line under the drawing: the line patterns are drawn with one example each. */
export function patternHint(pattern: WinPattern): string | null {
  if (pattern.kind === 'any_line') return t('pattern.anyLineHint');
  if (pattern.kind === 'two_lines') return t('pattern.twoLinesHint');
  return null;
}

/** The cells to draw: the pattern's own, or an example for the line patterns (middle row; rows 2 and 4). */
function drawnCells(pattern: WinPattern): readonly number[] {
  const cells = patternCells(pattern);
  if (cells) return cells;
  return pattern.kind === 'two_lines' ? [5, 6, 7, 8, 9, 15, 16, 17, 18, 19] : [10, 11, 12, 13, 14];
}

/** The prize being played for now, as the server counts them (the last one stays once reached). */
export function currentPrize(rules: RoundRules | null): {
  pattern: WinPattern;
  index: number;
  count: number;
} {
  const prizes = rules?.prizes.length ? rules.prizes : [ANY_LINE];
  const index = Math.min(rules?.prizeIndex ?? 0, prizes.length - 1);
  return { pattern: prizes[index]!, index, count: prizes.length };
}

/** A pattern drawn as a small 5×5 grid; the cells it needs are filled. */
export function PatternGrid({ pattern, size = 12 }: { pattern: WinPattern; size?: number }) {
  const filled = new Set(drawnCells(pattern));
  const t = useT();
  return (
    <div
      className={classes.patternGrid}
      style={{ '--pattern-cell': `${size}px` } as React.CSSProperties}
      role="img"
      aria-label={t('pattern.drawing', { name: patternName(pattern) })}
    >
      {CELLS.map((i) => (
        <span key={i} data-filled={filled.has(i) || undefined} />
      ))}
    </div>
  );
}

/** 'Playing for: Four corners (prize 1 of 2)', with the drawing. */
export function RoundPattern({
  rules,
  size = 12,
  fz = 'sm',
}: {
  rules: RoundRules | null;
  size?: number;
  fz?: string | number;
}) {
  const { pattern, index, count } = currentPrize(rules);
  const hint = patternHint(pattern);
  const t = useT();
  return (
    <Group gap="sm" wrap="nowrap" aria-label={t('pattern.win')} role="group">
      <PatternGrid pattern={pattern} size={size} />
      <Stack gap={0}>
        <Text fz={fz} fw={700}>
          {t('pattern.playingFor', { name: patternName(pattern) })}
        </Text>
        {count > 1 && (
          <Text fz={fz} c="dimmed">
            {t('pattern.prizeOf', { n: index + 1, count })}
          </Text>
        )}
        {hint && (
          <Text fz={fz} c="dimmed">
            {hint}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
