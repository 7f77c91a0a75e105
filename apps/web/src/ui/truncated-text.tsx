import { Text, type TextProps, Tooltip } from '@mantine/core';

/**
 * A name cut to one line with an ellipsis, the whole of it in a tooltip on hover and on keyboard focus
 * (the text itself takes focus only when it is cut, so short names add no tab stop).
 */
export function TruncatedText({
  children,
  ...props
}: Omit<TextProps, 'children' | 'truncate'> & { children: string }) {
  return (
    <Tooltip
      label={children}
      events={{ hover: true, focus: true, touch: true }}
      openDelay={200}
      multiline
      maw={320}
    >
      <Text truncate="end" title={children} tabIndex={0} style={{ minWidth: 0 }} {...props}>
        {children}
      </Text>
    </Tooltip>
  );
}
