import { Paper, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import classes from './facilitator-enter-page.module.css';

/**
 * A card that is one link: icon, title and a line on what the page is for. `large` is for a page's
 * main choice (the delivery mode on the enter page).
 */
export function InfoLinkCard({
  to,
  title,
  description,
  icon,
  large = false,
}: {
  to: string;
  title: string;
  description: string;
  icon: ReactNode;
  large?: boolean;
}) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <UnstyledButton
      component={Link}
      to={to}
      className={classes.choice}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
    >
      <Paper withBorder radius="lg" p={large ? 'xl' : 'lg'} h="100%" className={classes.card}>
        <Stack gap={large ? 'sm' : 6}>
          <ThemeIcon size={large ? 48 : 40} radius="md" variant="light" aria-hidden>
            {icon}
          </ThemeIcon>
          <Title order={2} fz={large ? 'xl' : 'lg'} id={titleId}>
            {title}
          </Title>
          <Text c="dimmed" size={large ? 'md' : 'sm'} id={descriptionId}>
            {description}
          </Text>
        </Stack>
      </Paper>
    </UnstyledButton>
  );
}
