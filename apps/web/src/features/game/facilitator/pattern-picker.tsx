import { ActionIcon, Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import {
  ANY_LINE,
  MAX_PRIZES,
  WIN_PATTERN_KINDS,
  type WinPattern,
  type WinPatternKind,
} from '@playshop/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../../i18n/locale-provider';
import { staffPatternHint, staffPatternName } from '../../../i18n/pattern-names';
import { ButtonWithIcon } from '../../../ui/button-with-icon';
import { PatternGrid } from '../shared/pattern';
import classes from './pattern-picker.module.css';

const CENTRE = 12;

/** A custom pattern drawn cell by cell: 25 toggle buttons, row by row (the centre is the free cell). */
function PatternEditor({
  cells,
  onChange,
  label,
}: {
  cells: readonly number[];
  onChange: (cells: number[]) => void;
  label: string;
}) {
  const on = new Set(cells);
  const t = useT();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a grid of toggle buttons, not a form field set
    <div className={classes.patternEditor} role="group" aria-label={label}>
      {Array.from({ length: 25 }, (_, i) => (
        <button
          // biome-ignore lint/suspicious/noArrayIndexKey: the cell's index is its identity
          key={i}
          type="button"
          aria-pressed={on.has(i)}
          aria-label={t(i === CENTRE ? 'gameControl.freeCell' : 'gameControl.cell', {
            row: Math.floor(i / 5) + 1,
            column: (i % 5) + 1,
          })}
          onClick={() =>
            onChange(on.has(i) ? cells.filter((c) => c !== i) : [...cells, i].sort((a, b) => a - b))
          }
        >
          {i === CENTRE ? '★' : ''}
        </button>
      ))}
    </div>
  );
}

/** A custom pattern needs a cell besides the free centre, which every card has from the start. */
const hasCells = (pattern: WinPattern) => (pattern.cells ?? []).some((c) => c !== CENTRE);

const withKind = (kind: WinPatternKind, previous: WinPattern): WinPattern =>
  kind === 'custom' ? { kind, cells: previous.kind === 'custom' ? (previous.cells ?? []) : [] } : { kind };

/** A drawn pattern's grid to tap (it needs a cell), or a listed pattern's picture and hint. */
function PatternDetail({
  prize,
  name,
  onCells,
}: {
  prize: WinPattern;
  name: string;
  onCells: (cells: number[]) => void;
}) {
  const t = useT();
  if (prize.kind !== 'custom') {
    return (
      <Group gap="sm">
        <PatternGrid pattern={prize} size={14} />
        {staffPatternHint(prize) && (
          <Text size="sm" c="dimmed">
            {staffPatternHint(prize)}
          </Text>
        )}
      </Group>
    );
  }
  return (
    <>
      <Text size="sm">{t('gameControl.tapCells')}</Text>
      <PatternEditor
        label={t('gameControl.customPatternOf', { name })}
        cells={prize.cells ?? []}
        onChange={onCells}
      />
      {!hasCells(prize) && (
        <Text size="sm" c="red.8">
          {t('validation.patternNeedsCell')}
        </Text>
      )}
    </>
  );
}

/**
 * The round's prizes in order (first line, then full house…), each a pattern from the list or drawn
 * on a 5×5 grid. The server takes them only before the round's first ball.
 */
export function PatternPicker({
  initial,
  canChange,
  onSave,
}: {
  initial: readonly WinPattern[];
  /** False once the round's first ball is out. */
  canChange: boolean;
  onSave: (prizes: WinPattern[]) => void;
}) {
  const [prizes, setPrizes] = useState<WinPattern[]>(() => (initial.length ? [...initial] : [ANY_LINE]));
  const emptyCustom = prizes.findIndex((p) => p.kind === 'custom' && !hasCells(p));
  const update = (index: number, next: WinPattern) =>
    setPrizes((list) => list.map((p, i) => (i === index ? next : p)));
  const t = useT();
  const kindOptions = WIN_PATTERN_KINDS.map((kind) => ({ value: kind, label: staffPatternName({ kind }) }));

  return (
    <Stack gap="md">
      {!canChange && (
        <Alert color="yellow" variant="light">
          {t('gameControl.patternLocked')}
        </Alert>
      )}
      {prizes.map((prize, index) => {
        const name =
          prizes.length > 1 ? t('gameControl.prize', { number: index + 1 }) : t('gameControl.pattern');
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: prizes are ordered; the place is the identity
          <Group key={index} align="flex-start" gap="md" wrap="nowrap">
            <Stack gap="xs" style={{ flex: 1 }}>
              <Select
                label={name}
                data={kindOptions}
                value={prize.kind}
                allowDeselect={false}
                disabled={!canChange}
                onChange={(value) => value && update(index, withKind(value as WinPatternKind, prize))}
              />
              <PatternDetail
                prize={prize}
                name={name}
                onCells={(cells) => canChange && update(index, { kind: 'custom', cells })}
              />
            </Stack>
            {prizes.length > 1 && canChange && (
              <ActionIcon
                variant="subtle"
                color="red"
                mt={26}
                aria-label={t('gameControl.removePrize', { number: index + 1 })}
                onClick={() => setPrizes((list) => list.filter((_, i) => i !== index))}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        );
      })}
      <Group justify="space-between">
        <ButtonWithIcon
          icon={IconPlus}
          variant="default"
          disabled={!canChange || prizes.length >= MAX_PRIZES}
          onClick={() => setPrizes((list) => [...list, { kind: 'full_house' }])}
        >
          {t('gameControl.addPrize')}
        </ButtonWithIcon>
        <Button disabled={!canChange || emptyCustom >= 0} onClick={() => onSave(prizes)}>
          {t('gameControl.useForRound')}
        </Button>
      </Group>
    </Stack>
  );
}
