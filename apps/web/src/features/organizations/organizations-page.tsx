import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { ORG_TEXTS, type OrganizationReply } from '@playshop/shared';
import { IconPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DataTable } from '../../ui/data-table';
import { PageTitle } from '../../ui/page-title';
import { SearchBox } from '../../ui/search-box';
import { useListParams } from '../../ui/use-list-params';
import { OrganizationForm } from './organization-form';
import { useDeleteOrganization, useOrganizationsPage } from './organizations-api';

/** `{org}/admin/organizations` (super admin): the organizations table with search, add, edit, delete. */
export function OrganizationsPage() {
  const navigate = useNavigate();
  const { page, term, setPage, setTerm } = useListParams();
  const [searchParams] = useSearchParams();
  const list = useOrganizationsPage(page, term);
  const remove = useDeleteOrganization();
  // `?add=1` (the dashboard's 'Getting started') opens the form at once.
  const [isAdding, setIsAdding] = useState(() => searchParams.get('add') === '1');
  const formHeadingId = useId();

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <PageTitle>Organizations</PageTitle>
        {!isAdding && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setIsAdding(true)}>
            Add Organization
          </Button>
        )}
      </Group>

      {isAdding && (
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={formHeadingId}>
          <Title order={2} fz="lg" mb="md" id={formHeadingId}>
            New organization
          </Title>
          <OrganizationForm
            fields={['name', 'expiry', 'email', 'phone', 'website', 'address']}
            submitLabel="Create Organization"
            onDone={() => setIsAdding(false)}
            onCancel={() => setIsAdding(false)}
          />
        </Card>
      )}

      <SearchBox label="Search organizations" placeholder="Search by name" term={term} onSearch={setTerm} />

      <DataTable<OrganizationReply>
        caption="Organizations"
        thing="Organization"
        columns={[
          { header: 'Name', render: (o) => o.name },
          { header: 'Expiry', render: (o) => o.expiry ?? ORG_TEXTS.noExpiry },
        ]}
        rows={list.data?.items}
        isLoading={list.isPending}
        error={list.error}
        emptyText={term ? 'No organizations match this search' : 'No organizations yet'}
        getRowKey={(o) => o.id}
        getRowLabel={(o) => o.name}
        onEdit={(o) => navigate(`editorg/${o.id}`)}
        onDelete={(o) => remove.mutateAsync(o.id)}
        page={page}
        pageCount={list.data?.totalPages ?? 1}
        onPageChange={setPage}
      />
    </Stack>
  );
}
