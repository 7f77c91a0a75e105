import { Paper, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import classes from './info-links.module.css';

export interface InfoLink {
  to: string;
  title: string;
  /** A line on what the page is for. */
  description: string;
  icon: TablerIcon;
}

/**
 * A card that is one link: icon, title and a line on what the page is for. `large` is for a page's
 * main choice (the delivery mode on the enter page).
 */
function InfoLinkCard({ link, large }: { link: InfoLink; large: boolean }) {
  const titleId = useId();
  const descriptionId = useId();
  const LinkIcon = link.icon;
  return (
    <UnstyledButton
      component={Link}
      to={link.to}
      className={classes.choice}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
    >
      <Paper withBorder radius="lg" p={large ? 'xl' : 'lg'} h="100%" className={classes.card}>
        <Stack gap={large ? 'sm' : 6}>
          <ThemeIcon size={large ? 48 : 40} radius="md" variant="light" aria-hidden>
            <LinkIcon size={large ? 28 : 22} />
          </ThemeIcon>
          <Title order={2} fz={large ? 'xl' : 'lg'} id={titleId}>
            {link.title}
          </Title>
          <Text c="dimmed" size={large ? 'md' : 'sm'} id={descriptionId}>
            {link.description}
          </Text>
        </Stack>
      </Paper>
    </UnstyledButton>
  );
}

/** The links of a facilitator page as cards, two to a row from small screens up. */
export function InfoLinkGrid({ links, large = false }: { links: InfoLink[]; large?: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      {links.map((link) => (
        <InfoLinkCard key={link.to} link={link} large={large} />
      ))}
    </SimpleGrid>
  );
}
