import { Button, type ButtonProps } from '@mantine/core';
import { type ReactNode, useCallback, useLayoutEffect, useRef } from 'react';
import type { GameState } from '../shared/game-reducer';
import type { GameStore } from '../shared/game-store';
import classes from './game-button.module.css';

/**
 * Paints a Mantine Button off or on from the game's store instead of rendering it (issue 46): a roll
 * turns Roll and Send Content off and on again, and rendering their Mantine Buttons for it was most
 * of the facilitator's script a roll. Off is `data-off` (the look Mantine gives a disabled Button,
 * game-button.module.css, on the button that carries `className`) and `aria-disabled`, not `disabled`:
 * a disabled button loses the keyboard's focus, and a facilitator rolling by keyboard would have to
 * find Roll again after every ball. Painted when the game changes, after each render and when
 * `repaint` is called; `isOff` is memoised by its caller.
 */
export function useOffPaint(store: GameStore, isOff: (state: GameState) => boolean) {
  const button = useRef<HTMLButtonElement>(null);
  const repaint = useCallback(() => {
    const element = button.current;
    if (!element) return;
    const off = isOff(store.get());
    // Each write only when it changes something: a frame that leaves the button as it is writes nothing.
    if (element.hasAttribute('data-off') !== off) element.toggleAttribute('data-off', off);
    if (element.getAttribute('aria-disabled') !== String(off))
      element.setAttribute('aria-disabled', String(off));
  }, [store, isOff]);
  useLayoutEffect(repaint);
  useLayoutEffect(() => store.subscribe(repaint), [store, repaint]);
  return { button, repaint, className: classes.offable };
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
  const { button, className } = useOffPaint(store, isOff);
  return (
    <Button
      ref={button}
      className={className}
      onClick={() => {
        if (!isOff(store.get())) onClick();
      }}
      {...props}
    />
  );
}
