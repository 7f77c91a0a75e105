import { Text, type TextProps, Tooltip } from '@mantine/core';

type TruncatedTextProps = Omit<TextProps, 'children' | 'truncate' | 'lineClamp'> & {
  children: string;
  /** Lines shown before the ellipsis; 1 by default. */
  lines?: number;
  /** The element to render, e.g. 'h2' for a card's title. */
  component?: 'p' | 'span' | 'h2' | 'h3' | 'div';
};

/**
 * A name cut with an ellipsis, the whole of it in a tooltip on hover and on keyboard focus (and in the
 * title attribute), so the longest names the schemas allow never push a card's buttons aside.
 */
export function TruncatedText({ children, lines = 1, component = 'p', ...props }: TruncatedTextProps) {
  return (
    <Tooltip
      label={children}
      events={{ hover: true, focus: true, touch: true }}
      openDelay={200}
      multiline
      maw={320}
      style={{ overflowWrap: 'anywhere' }}
    >
      <Text
        component={component}
        {...(lines === 1 ? { truncate: 'end' as const } : { lineClamp: lines })}
        title={children}
        tabIndex={0}
        style={{ minWidth: 0, overflowWrap: 'anywhere' }}
        {...props}
      >
        {children}
      </Text>
    </Tooltip>
  );
}
