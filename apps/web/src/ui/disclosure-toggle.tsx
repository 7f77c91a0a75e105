import { Button } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The small button that shows or hides a collapsed part (`controls` is its id), a chevron after the text. */
export function DisclosureToggle({
  opened,
  onToggle,
  controls,
  chevronSize,
  children,
}: {
  opened: boolean;
  onToggle: () => void;
  controls: string;
  chevronSize: number;
  children: ReactNode;
}) {
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      onClick={onToggle}
      aria-expanded={opened}
      aria-controls={controls}
      rightSection={
        opened ? (
          <IconChevronUp size={chevronSize} aria-hidden />
        ) : (
          <IconChevronDown size={chevronSize} aria-hidden />
        )
      }
    >
      {children}
    </Button>
  );
}
