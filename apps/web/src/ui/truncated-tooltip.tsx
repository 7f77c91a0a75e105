import { Tooltip } from '@mantine/core';
import { type ReactElement, useEffect, useRef } from 'react';

/**
 * TruncatedText's tooltip: Mantine's Tooltip and its floating layer (@floating-ui, ~15 KB gzip), loaded
 * when a pointer, a finger or the focus first reaches a cut name (truncated-text.tsx), so a player's
 * phone does not download it on its way to a card (issue 11). It mounts open, since that first
 * touch is what asked for it; `refocus` puts the focus back on the name it came from.
 */
export function TruncatedTooltip({
  label,
  refocus,
  children,
}: {
  label: string;
  refocus: boolean;
  children: ReactElement;
}) {
  const target = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refocus) target.current?.focus();
  }, [refocus]);
  return (
    <Tooltip
      ref={target}
      label={label}
      events={{ hover: true, focus: true, touch: true }}
      openDelay={200}
      defaultOpened
      multiline
      maw={320}
      style={{ overflowWrap: 'anywhere' }}
    >
      {children}
    </Tooltip>
  );
}
