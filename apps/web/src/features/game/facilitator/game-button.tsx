import { Button, type ButtonProps } from '@mantine/core';
import { type ReactNode, useCallback, useLayoutEffect, useRef } from 'react';
import type { GameState } from '../shared/game-reducer';
import type { GameStore } from '../shared/game-store';

/**
 * Paints a Mantine Button off or on from the game's store instead of rendering it (issue 46): a roll
 * turns Roll and Send Content off and on again, and rendering their Mantine Buttons for it was most
 * of the facilitator's script a roll. Off is the look Mantine gives `data-disabled` (without its
 * `mantine-active` press, as Mantine renders it) and `aria-disabled`, not `disabled`: a disabled
 * button loses the keyboard's focus, and a facilitator rolling by keyboard would have to find Roll
 * again after every ball. Painted when the game changes, after each render (which may write
 * Mantine's class again) and when `repaint` is called; `isOff` is memoised by its caller.
 */
export function useOffPaint(store: GameStore, isOff: (state: GameState) => boolean) {
  const button = useRef<HTMLButtonElement>(null);
  const repaint = useCallback(() => {
    const element = button.current;
    if (!element) return;
    const off = isOff(store.get());
    // Each write only when it changes something: a frame that leaves the button as it is writes nothing.
    if (element.hasAttribute('data-disabled') !== off) element.toggleAttribute('data-disabled', off);
    if (element.getAttribute('aria-disabled') !== String(off))
      element.setAttribute('aria-disabled', String(off));
    if (element.classList.contains('mantine-active') === off)
      element.classList.toggle('mantine-active', !off);
  }, [store, isOff]);
  useLayoutEffect(repaint);
  useLayoutEffect(() => store.subscribe(repaint), [store, repaint]);
  return { button, repaint };
}

/** A Mantine Button that the game turns off and on (`useOffPaint`); a click while off does nothing. */
export function GameButton({
  store,
  isOff,
  onClick,
  ...props
}: Omit<ButtonProps, 'disabled'> & {
  store: GameStore;
  isOff: (state: GameState) => boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const { button } = useOffPaint(store, isOff);
  return (
    <Button
      ref={button}
      onClick={() => {
        if (!isOff(store.get())) onClick();
      }}
      {...props}
    />
  );
}
