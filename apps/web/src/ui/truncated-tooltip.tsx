import { Tooltip } from '@mantine/core';
import { type ReactElement, useLayoutEffect, useRef } from 'react';

/**
 * TruncatedText's tooltip: Mantine's Tooltip and its floating layer (@floating-ui, ~15 KB gzip), loaded
 * when a pointer, a finger or the focus first reaches a cut name (truncated-text.tsx), so a player's
 * phone does not download it on its way to a card (issue 11). It mounts open when the pointer or the
 * focus is still on the name. Wrapping the name mounts it afresh: `refocus` gives the focus back to
 * it in the same task when the focus was on it, so the focus never rests on the page's body, and
 * leaves it where it is when the user has moved on meanwhile (issue 42).
 */
export function TruncatedTooltip({
  label,
  open,
  refocus,
  children,
}: {
  label: string;
  open: boolean;
  refocus: boolean;
  children: ReactElement;
}) {
  const target = useRef<HTMLDivElement>(null);
  const hadFocus = useRef(refocus && open);
  useLayoutEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (hadFocus.current && lost) target.current?.focus();
  }, []);
  return (
    <Tooltip
      ref={target}
      label={label}
      events={{ hover: true, focus: true, touch: true }}
      openDelay={200}
      defaultOpened={open}
      multiline
      maw={320}
      style={{ overflowWrap: 'anywhere' }}
    >
      {children}
    </Tooltip>
  );
}
