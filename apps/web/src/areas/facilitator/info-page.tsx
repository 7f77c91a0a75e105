import { Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useParams } from 'react-router';
import { useT } from '../../i18n/locale-provider';
import { PageTitle } from '../../ui/page-title';

/** The organization in the URL and its facilitator area's address (`/{org}/facilitator`). */
export function useFacilitatorBase() {
  const org = useParams().org ?? '';
  return { org, base: `/${encodeURIComponent(org)}/facilitator` };
}

/** The frame of a facilitator page: its title and subtitle, then its parts in a column. */
export function InfoPage({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <Container size="md" px={0}>
      <Stack gap="xl">
        <PageTitle subtitle={subtitle}>{title}</PageTitle>
        {children}
      </Stack>
    </Container>
  );
}

/**
 * A catalogue message whose `**…**` parts are shown in bold (the screen names a step points at):
 * the translator moves the marks with the words.
 */
export function StrongText({ text }: { text: string }) {
  return text.split('**').map((part, i) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts are places in one fixed sentence
    i % 2 ? <strong key={i}>{part}</strong> : part,
  );
}

/** A panel of a facilitator page: a section named by its heading, with an optional line under it. */
export function InfoSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Title order={2} fz="lg" mb={description ? undefined : 'sm'} id={titleId}>
        {title}
      </Title>
      {description && (
        <Text size="sm" c="dimmed" mb="md">
          {description}
        </Text>
      )}
      {children}
    </Paper>
  );
}

/** 'How a session runs': the steps in order (each step's screen in bold), then anything more. */
export function SessionSteps({ steps, children }: { steps: string[]; children?: ReactNode }) {
  const t = useT();
  return (
    <InfoSection title={t('facilitator.howSessionRuns')}>
      <List type="ordered" spacing="xs">
        {steps.map((step) => (
          <List.Item key={step}>
            <StrongText text={step} />
          </List.Item>
        ))}
      </List>
      {children}
    </InfoSection>
  );
}
