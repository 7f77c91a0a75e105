import { Badge, Group, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { memo, useEffect, useState } from 'react';
import { useT } from '../../../i18n/locale-provider';
import { type GameStore, useGame } from './game-store';
import { TIMER_EXPIRED_SHOW_MS } from './texts';

/** Seconds left until `endsAt` (server time), whole and never below 0. */
export function secondsLeft(endsAt: string | null, fallback: number, now = Date.now()): number {
  if (!endsAt) return Math.max(0, fallback);
  return Math.max(0, Math.ceil((Date.parse(endsAt) - now) / 1000));
}

/** Whether the timer ran out more than TIMER_EXPIRED_SHOW_MS ago, so '0:00 Time is up' can go. */
function isLongExpired(endsAt: string | null, now = Date.now()): boolean {
  return endsAt !== null && now - Date.parse(endsAt) >= TIMER_EXPIRED_SHOW_MS;
}

/**
 * The content timer (SPEC §4 Timer): counts down every second to 0 from the server's end time, so
 * every screen shows the same number, and a reconnecting screen the right remainder. At 0 it says
 * 'Time is up' for a few seconds, then clears. It reads the timer from the game's store: a frame that
 * leaves the timer alone renders nothing here.
 */
export const Countdown = memo(function Countdown({
  store,
  fz = 28,
}: {
  /** The game: the timer's end, its seconds and whether it runs. */
  store: GameStore;
  /** The digits' size: larger on the presenter. */
  fz?: number | string;
}) {
  const endsAt = useGame(store, (state) => state.endsAt);
  const time = useGame(store, (state) => state.time);
  const isRunning = useGame(store, (state) => state.isRunning);
  const [now, setNow] = useState(() => Date.now());
  const t = useT();
  const isShown = isRunning && !isLongExpired(endsAt, now);
  useEffect(() => {
    if (!isShown) return;
    setNow(Date.now());
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [isShown]);
  if (!isShown) return null;
  const left = secondsLeft(endsAt, time, now);
  const mm = Math.floor(left / 60);
  const ss = String(left % 60).padStart(2, '0');
  return (
    <Group gap="xs" justify="center" role="timer" aria-label={t('screen.timerLeft', { seconds: left })}>
      <IconClock size={22} aria-hidden />
      <Text fz={fz} fw={800} ff="monospace">
        {mm}:{ss}
      </Text>
      {left === 0 && <Badge color="red">{t('screen.timeUp')}</Badge>}
    </Group>
  );
});
