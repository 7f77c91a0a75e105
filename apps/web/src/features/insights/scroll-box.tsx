import type { ReactNode } from 'react';

/** A wide table scrolls sideways on a phone; keyboard users reach it too (it takes focus, axe asks for it). */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section aria-label={`${label} table`} tabIndex={0} style={{ overflowX: 'auto' }}>
      {children}
    </section>
  );
}
