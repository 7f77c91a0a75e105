import { Text, type TextProps } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';

type TruncatedTextProps = Omit<TextProps, 'children' | 'truncate' | 'lineClamp'> & {
  children: string;
  /** Lines shown before the ellipsis; 1 by default. */
  lines?: number;
  /** The element to render, e.g. 'h2' for a card's title. */
  component?: 'p' | 'span' | 'h2' | 'h3' | 'div';
};

const TruncatedTooltip = lazy(() =>
  import('./truncated-tooltip').then((m) => ({ default: m.TruncatedTooltip })),
);

/**
 * A name cut with an ellipsis, the whole of it in a tooltip on hover and on keyboard focus (and in the
 * title attribute), so the longest names the schemas allow never push a card's buttons aside. The
 * tooltip's code is fetched on the first hover, touch or focus (truncated-tooltip.tsx).
 */
export function TruncatedText({ children, lines = 1, component = 'p', ...props }: TruncatedTextProps) {
  const [woken, setWoken] = useState<null | 'pointer' | 'focus'>(null);
  const text = (wake?: boolean) => (
    <Text
      component={component}
      {...(lines === 1 ? { truncate: 'end' as const } : { lineClamp: lines })}
      title={children}
      tabIndex={0}
      style={{ minWidth: 0, overflowWrap: 'anywhere' }}
      {...(wake && {
        onPointerEnter: () => setWoken('pointer'),
        onTouchStart: () => setWoken('pointer'),
        onFocus: () => setWoken('focus'),
      })}
      {...props}
    >
      {children}
    </Text>
  );
  if (!woken) return text(true);
  return (
    <Suspense fallback={text()}>
      <TruncatedTooltip label={children} refocus={woken === 'focus'}>
        {text()}
      </TruncatedTooltip>
    </Suspense>
  );
}
