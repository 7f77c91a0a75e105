import { Text, Title, type TitleProps } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';

interface PageTitleProps extends Omit<TitleProps, 'order' | 'children'> {
  children: string;
  subtitle?: ReactNode;
}

/** The page's one h1, also used as the document title (announced on navigation by screen readers). */
export function PageTitle({ children, subtitle, ...props }: PageTitleProps) {
  useDocumentTitle(`${children} · Playshop`);
  const title = (
    // Long names (an organization, a username) wrap instead of widening the page.
    <Title order={1} {...props} style={{ overflowWrap: 'anywhere', ...(props.style as object) }}>
      {children}
    </Title>
  );
  if (!subtitle) return title;
  return (
    <div>
      {title}
      <Text c="dimmed" mt={6} style={{ overflowWrap: 'anywhere' }}>
        {subtitle}
      </Text>
    </div>
  );
}
