import { Alert, Button, Card, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPresentation } from '@tabler/icons-react';
import { useId } from 'react';
import { useParams } from 'react-router';
import { useOrgWorkshops } from '../../api/use-org-workshops';
import { PageLoader } from '../../ui/page-loader';
import { PageTitle } from '../../ui/page-title';

/** `{org}/admin/dashboard`: the organization's name and its current workshops. */
export function AdminDashboardPage() {
  const org = useParams().org ?? '';
  const workshops = useOrgWorkshops(org);
  const headingId = useId();

  return (
    <Stack gap="lg" maw={880}>
      <PageTitle subtitle="Dashboard" style={{ overflowWrap: 'anywhere' }}>
        {org}
      </PageTitle>

      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={headingId}>
        <Title order={2} fz="lg" id={headingId} mb="md">
          Current workshops
        </Title>
        {workshops.isPending && <PageLoader label="Loading workshops" />}
        {workshops.isError && (
          <Alert color="red" variant="light" title="The workshops could not be loaded">
            <Button mt="xs" variant="default" onClick={() => workshops.refetch()}>
              Try again
            </Button>
          </Alert>
        )}
        {workshops.data?.length === 0 && <Text>No current workshops</Text>}
        {workshops.data && workshops.data.length > 0 && (
          <List
            spacing="sm"
            center
            icon={
              <ThemeIcon variant="light" size={28} radius="xl" aria-hidden>
                <IconPresentation size={16} />
              </ThemeIcon>
            }
          >
            {workshops.data.map((workshop) => (
              <List.Item key={workshop.id}>{workshop.name}</List.Item>
            ))}
          </List>
        )}
      </Card>
    </Stack>
  );
}
