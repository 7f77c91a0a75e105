import { Card, Group, Stack, Title } from '@mantine/core';
import type { OrganizationReply } from '@playshop/shared';
import { IconPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useT } from '../../i18n/locale-provider';
import { ButtonWithIcon } from '../../ui/button-with-icon';
import { DataTable, queryPageProps } from '../../ui/data-table';
import { PageTitle } from '../../ui/page-title';
import { SearchBox } from '../../ui/search-box';
import { useListParams } from '../../ui/use-list-params';
import { OrganizationForm } from './organization-form';
import { useDeleteOrganization, useOrganizationsPage } from './organizations-api';

/** `{org}/admin/organizations` (super admin): the organizations table with search, add, edit, delete. */
export function OrganizationsPage() {
  const t = useT();
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
        <PageTitle>{t('orgs.title')}</PageTitle>
        {!isAdding && (
          <ButtonWithIcon icon={IconPlus} onClick={() => setIsAdding(true)}>
            {t('orgs.add')}
          </ButtonWithIcon>
        )}
      </Group>

      {isAdding && (
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={formHeadingId}>
          <Title order={2} fz="lg" mb="md" id={formHeadingId}>
            {t('orgs.new')}
          </Title>
          <OrganizationForm
            fields={['name', 'expiry', 'email', 'phone', 'website', 'address']}
            submitLabel={t('orgs.create')}
            onDone={() => setIsAdding(false)}
            onCancel={() => setIsAdding(false)}
          />
        </Card>
      )}

      <SearchBox
        label={t('orgs.search')}
        placeholder={t('orgs.searchPlaceholder')}
        term={term}
        onSearch={setTerm}
      />

      <DataTable<OrganizationReply>
        caption={t('orgs.title')}
        thing={t('orgs.thing')}
        columns={[
          { header: t('orgs.name'), render: (o) => o.name },
          { header: t('orgs.expiry'), render: (o) => o.expiry ?? t('organizations.noExpiry') },
        ]}
        rows={list.data?.items}
        emptyText={term ? t('orgs.noMatch') : t('orgs.none')}
        getRowKey={(o) => o.id}
        getRowLabel={(o) => o.name}
        onEdit={(o) => navigate(`editorg/${o.id}`)}
        onDelete={(o) => remove.mutateAsync(o.id)}
        {...queryPageProps(list, page, setPage)}
      />
    </Stack>
  );
}
