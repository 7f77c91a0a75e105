import { Text, type TextProps } from '@mantine/core';
import { type ComponentType, type ReactElement, useEffect, useRef, useState } from 'react';

type TruncatedTextProps = Omit<TextProps, 'children' | 'truncate' | 'lineClamp'> & {
  children: string;
  /** Lines shown before the ellipsis; 1 by default. */
  lines?: number;
  /** The element to render, e.g. 'h2' for a card's title. */
  component?: 'p' | 'span' | 'h2' | 'h3' | 'div';
};

type Tooltip = ComponentType<{ label: string; open: boolean; refocus: boolean; children: ReactElement }>;
/** What woke the tooltip: the pointer (shown at once) or the focus (which it keeps). */
type Woken = { Tip: Tooltip; by: 'pointer' | 'focus' };

/** Whether the text is cut: its content is wider or taller than the box shows. */
const isCut = (el: HTMLElement) =>
  el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;

/**
 * A name cut with an ellipsis, the whole of it in a tooltip on hover and, when it is cut, on keyboard
 * focus (and in the title attribute), so the longest names the schemas allow never push a card's
 * buttons aside. Only a cut name is a tab stop: one shown whole would be a stop that does nothing
 * (issue 42). The tooltip's code is fetched on the first hover, touch or focus (truncated-tooltip.tsx).
 */
export function TruncatedText({ children, lines = 1, component = 'p', ...props }: TruncatedTextProps) {
  const ref = useRef<HTMLElement>(null);
  const [cut, setCut] = useState(false);
  const [woken, setWoken] = useState<Woken | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: wrapping in the tooltip mounts a new element to observe
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setCut(isCut(el));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [woken]);

  const wake = (by: Woken['by']) => {
    if (woken) return;
    void import('./truncated-tooltip').then((m) =>
      setWoken((current) => current ?? { Tip: m.TruncatedTooltip, by }),
    );
  };
  const text = (
    <Text
      // Text's ref is typed for one element; `component` makes it one of several.
      ref={ref as never}
      component={component}
      {...(lines === 1 ? { truncate: 'end' as const } : { lineClamp: lines })}
      title={children}
      tabIndex={cut ? 0 : undefined}
      style={{ minWidth: 0, overflowWrap: 'anywhere' }}
      {...(!woken && {
        onPointerEnter: () => wake('pointer'),
        onTouchStart: () => wake('pointer'),
        onFocus: () => wake('focus'),
      })}
      {...props}
    >
      {children}
    </Text>
  );
  if (!woken) return text;
  const { Tip, by } = woken;
  // Wrapping it mounts the name afresh: the focus it had comes back, the focus that moved on stays.
  return (
    <Tip
      label={children}
      open={by === 'pointer' || document.activeElement === ref.current}
      refocus={by === 'focus'}
    >
      {text}
    </Tip>
  );
}
