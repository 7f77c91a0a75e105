import { Group, Stack } from '@mantine/core';
import { can, type WorkshopListItem } from '@playshop/shared';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useCurrentUser } from '../../auth/auth-provider';
import { useT } from '../../i18n/locale-provider';
import { ButtonWithIcon } from '../../ui/button-with-icon';
import { DataTable, queryPageProps } from '../../ui/data-table';
import { PageTitle } from '../../ui/page-title';
import { SearchBox } from '../../ui/search-box';
import { useListParams } from '../../ui/use-list-params';
import { useDeleteWorkshop, useWorkshopsPage } from './workshops-api';

/** `{org}/admin/workshops`: search by name, a table of names with edit and delete, Add Workshop. */
export function WorkshopListPage() {
  const t = useT();
  const { page, term, setPage, setTerm } = useListParams();
  const workshops = useWorkshopsPage(page, term);
  const remove = useDeleteWorkshop();
  const navigate = useNavigate();
  const canManage = can(useCurrentUser()?.role, 'manageWorkshops');

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <PageTitle>{t('workshops.title')}</PageTitle>
        {canManage && (
          <ButtonWithIcon icon={IconPlus} component={Link} to="add-workshop">
            {t('workshops.add')}
          </ButtonWithIcon>
        )}
      </Group>
      <SearchBox
        term={term}
        onSearch={setTerm}
        label={t('workshops.search')}
        placeholder={t('workshops.searchByName')}
      />
      <DataTable<WorkshopListItem>
        caption={t('workshops.title')}
        columns={[{ header: t('workshops.name'), render: (w) => w.name }]}
        rows={workshops.data?.workshops}
        getRowKey={(w) => w.id}
        getRowLabel={(w) => w.name}
        thing={t('workshops.thing')}
        onEdit={canManage ? (w) => navigate(`edit/${w.id}`) : undefined}
        onDelete={canManage ? (w) => remove.mutateAsync(w.id) : undefined}
        emptyText={t('workshops.empty')}
        {...queryPageProps(workshops, page, setPage)}
      />
    </Stack>
  );
}
