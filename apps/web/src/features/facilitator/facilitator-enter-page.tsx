import { Container, SimpleGrid, Stack } from '@mantine/core';
import { IconDeviceMobile, IconPresentation } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { PageTitle } from '../../ui/page-title';
import { InfoLinkCard } from './info-link-card';

/** `{org}/facilitator/enter`: the facilitator's landing, choosing how to deliver the workshop. */
export function FacilitatorEnterPage() {
  const org = useParams().org ?? '';
  const base = `/${encodeURIComponent(org)}/facilitator`;
  return (
    <Container size="md" px={0}>
      <Stack gap="xl">
        <PageTitle subtitle="Choose how you will deliver today's workshop.">Run a workshop</PageTitle>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <InfoLinkCard
            large
            to={`${base}/traditional`}
            title="Traditional delivery"
            description="Information pages and materials for a session run in the room, without the live game."
            icon={<IconPresentation size={28} />}
          />
          <InfoLinkCard
            large
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
