import { Container, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconDeviceMobile, IconPresentation } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../ui/page-title';
import classes from './facilitator-enter-page.module.css';

function Choice({
  to,
  title,
  description,
  icon,
}: {
  to: string;
  title: string;
  description: string;
  icon: ReactNode;
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
      <Paper withBorder radius="lg" p="xl" h="100%" className={classes.card}>
        <Stack gap="sm">
          <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
            {icon}
          </ThemeIcon>
          <Title order={2} fz="xl" id={titleId}>
            {title}
          </Title>
          <Text c="dimmed" id={descriptionId}>
            {description}
          </Text>
        </Stack>
      </Paper>
    </UnstyledButton>
  );
}

/** `{org}/facilitator/enter`: the facilitator's landing, choosing how to deliver the workshop. */
export function FacilitatorEnterPage() {
  const org = useParams().org ?? '';
  const base = `/${encodeURIComponent(org)}/facilitator`;
  return (
    <Container size="md" px={0}>
      <Stack gap="xl">
        <PageTitle subtitle="Choose how you will deliver today's workshop.">Run a workshop</PageTitle>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Choice
            to={`${base}/traditional`}
            title="Traditional delivery"
            description="Information pages and materials for a session run in the room, without the live game."
            icon={<IconPresentation size={28} />}
          />
          <Choice
            to={`${base}/online`}
            title="Web-based game"
            description="Run the live bingo game: players join the room from their own phones."
            icon={<IconDeviceMobile size={28} />}
          />
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
