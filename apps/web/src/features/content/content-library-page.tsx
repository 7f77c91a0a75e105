import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ContentFilters, ContentReply } from '@playshop/shared';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/locale-provider';
import { ButtonWithIcon } from '../../ui/button-with-icon';
import { ConfirmDeleteDialog, useConfirmDelete } from '../../ui/confirm-delete';
import { ErrorAlert } from '../../ui/error-alert';
import { PageLoader } from '../../ui/page-loader';
import { PageTitle } from '../../ui/page-title';
import { useContentPages, useDeleteContent } from './content-api';
import { ContentCard } from './content-card';
import { ContentFilter } from './content-filter';
import { ContentView } from './display/content-view';

/** `{org}/admin/content`: the content library (super admin). */
export function ContentLibraryPage() {
  const t = useT();
  const [filters, setFilters] = useState<ContentFilters>({});
  const pages = useContentPages(filters);
  const remove = useDeleteContent();
  const confirmDelete = useConfirmDelete<ContentReply>((item) => remove.mutateAsync(item.id));
  const [preview, setPreview] = useState<ContentReply | null>(null);
  const items = pages.data?.pages.flatMap((p) => p.content) ?? [];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <PageTitle>{t('content.title')}</PageTitle>
        <ButtonWithIcon icon={IconPlus} component={Link} to="add-content">
          {t('content.add')}
        </ButtonWithIcon>
      </Group>
      <ContentFilter value={filters} onApply={setFilters} />

      {pages.isPending && <PageLoader label={t('content.loading')} />}
      {pages.isError && <ErrorAlert message={t('content.error', { message: pages.error.message })} />}
      {pages.isSuccess && items.length === 0 && <Text>{t('content.noContent')}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {items.map((item) => (
          <ContentCard
            key={item.id}
            item={item}
            editHref={`edit-content/${item.id}`}
            onDelete={confirmDelete.ask}
            onPreview={setPreview}
          />
        ))}
      </SimpleGrid>
      {pages.hasNextPage ? (
        <Button
          variant="default"
          onClick={() => pages.fetchNextPage()}
          loading={pages.isFetchingNextPage}
          w="fit-content"
        >
          {t('content.loadMore')}
        </Button>
      ) : (
        items.length > 0 && <Text c="dimmed">{t('content.noMoreContent')}</Text>
      )}

      <ConfirmDeleteDialog state={confirmDelete} thing={t('content.thing')} label={(item) => item.title} />

      <Modal
        opened={preview !== null}
        onClose={() => setPreview(null)}
        title={preview ? t('content.previewOf', { title: preview.title }) : ''}
        size="xl"
        closeButtonProps={{ 'aria-label': t('content.close') }}
      >
        {preview && <ContentView content={preview} videoWidth={550} />}
      </Modal>
    </Stack>
  );
}
