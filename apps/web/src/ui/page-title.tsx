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
    <Title order={1} {...props}>
      {children}
    </Title>
  );
  if (!subtitle) return title;
  return (
    <div>
      {title}
      <Text c="dimmed" mt={6}>
        {subtitle}
      </Text>
    </div>
  );
}
