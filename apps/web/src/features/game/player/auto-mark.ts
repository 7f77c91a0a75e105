import { FREE_CELL } from '@playshop/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Auto-mark is the player's own choice, remembered on this device for this account. */
export const autoMarkKey = (username: string) => `playshop:auto-mark:${username}`;

function storedFlag(key: string): boolean {
  try {
    return JSON.parse(window.localStorage.getItem(key) ?? 'false') === true;
  } catch {
    return false;
  }
}

/**
 * The setting, read from localStorage (as JSON `true`/`false`) and written back on change; a change
 * made in another tab of the same browser shows here too (the `storage` event). A small hook of its
 * own rather than Mantine's useLocalStorage: it keeps 0.8 KB off a player's phone.
 */
export function useAutoMarkSetting(username: string | null) {
  const key = autoMarkKey(username ?? 'anonymous');
  const [stored, setStored] = useState(() => ({ key, on: storedFlag(key) }));
  const on = stored.key === key ? stored.on : storedFlag(key);
  useEffect(() => {
    const follow = (event: StorageEvent) => {
      // A null key: the other tab cleared the whole storage.
      if (event.key === key || event.key === null) setStored({ key, on: storedFlag(key) });
    };
    window.addEventListener('storage', follow);
    return () => window.removeEventListener('storage', follow);
  }, [key]);
  const setOn = useCallback(
    (value: boolean) => {
      setStored({ key, on: value });
      try {
        window.localStorage.setItem(key, JSON.stringify(value));
      } catch {
        // Storage full or refused (private mode): the choice lasts for this page.
      }
    },
    [key],
  );
  return [on, setOn] as const;
}

/**
 * The called numbers on the card that are not marked yet. `rolls` are the balls shown: a ball still
 * tumbling on the player's screen waits, so the card never gives the number away before it lands.
 */
export function numbersToAutoMark(
  card: number[][] | null,
  rolls: readonly number[],
  marked: readonly number[],
): number[] {
  if (!card) return [];
  const onCard = new Set(card.flat().filter((n) => n !== FREE_CELL));
  const done = new Set(marked);
  return rolls.filter((n) => onCard.has(n) && !done.has(n));
}

/**
 * Every called number on the card is marked (as if tapped, without the claim: the claim stays the
 * player's own tap) while the hook is mounted, which is while auto-mark is on. Each number is asked
 * for once per card.
 */
export function useAutoMark(
  card: number[][] | null,
  rolls: readonly number[],
  marked: readonly number[],
  mark: (number: number) => void,
) {
  const asked = useRef<{ card: number[][] | null; numbers: Set<number> }>({ card: null, numbers: new Set() });
  useEffect(() => {
    if (asked.current.card !== card) asked.current = { card, numbers: new Set() };
    for (const n of numbersToAutoMark(card, rolls, marked)) {
      if (asked.current.numbers.has(n)) continue;
      asked.current.numbers.add(n);
      mark(n);
    }
  }, [card, rolls, marked, mark]);
}
