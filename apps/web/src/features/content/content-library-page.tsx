import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { CONTENT_TEXTS, type ContentFilters, type ContentReply } from '@playshop/shared';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useContentPages } from '../../api/use-content-pages';
import { useDeleteContent } from '../../api/use-delete-content';
import { PageLoader } from '../../ui/page-loader';
import { PageTitle } from '../../ui/page-title';
import { ContentCard } from './content-card';
import { ContentFilter } from './content-filter';
import { ContentView } from './display/content-view';

/** `{org}/admin/content`: the content library (super admin). */
export function ContentLibraryPage() {
  const [filters, setFilters] = useState<ContentFilters>({});
  const pages = useContentPages(filters);
  const remove = useDeleteContent();
  const [pendingDelete, setPendingDelete] = useState<ContentReply | null>(null);
  const [preview, setPreview] = useState<ContentReply | null>(null);
  const items = pages.data?.pages.flatMap((p) => p.content) ?? [];

  const closeDelete = () => {
    setPendingDelete(null);
    remove.reset();
  };
  const handleConfirmDelete = async () => {
    if (!pendingDelete) return;
    await remove.mutateAsync(pendingDelete.id).then(closeDelete, () => undefined);
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <PageTitle>Content</PageTitle>
        <Button component={Link} to="add-content" leftSection={<IconPlus size={16} aria-hidden />}>
          Add Content
        </Button>
      </Group>
      <ContentFilter value={filters} onApply={setFilters} />

      {pages.isPending && <PageLoader label="Loading content" />}
      {pages.isError && (
        <Alert color="red" variant="light" role="alert">
          <Text c="red.9">{`Error: ${pages.error.message}`}</Text>
        </Alert>
      )}
      {pages.isSuccess && items.length === 0 && <Text>{CONTENT_TEXTS.noContent}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {items.map((item) => (
          <ContentCard
            key={item.id}
            item={item}
            editHref={`edit-content/${item.id}`}
            onDelete={setPendingDelete}
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
          Load More
        </Button>
      ) : (
        items.length > 0 && <Text c="dimmed">{CONTENT_TEXTS.noMoreContent}</Text>
      )}

      <Modal
        opened={pendingDelete !== null}
        onClose={closeDelete}
        title="Delete content"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text>Are you sure you want to delete this content?</Text>
          {pendingDelete && <Text fw={600}>{pendingDelete.title}</Text>}
          {remove.error && <Text c="red.8" role="alert">{`Error: ${remove.error.message}`}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={closeDelete} disabled={remove.isPending}>
              No
            </Button>
            <Button color="red" onClick={handleConfirmDelete} loading={remove.isPending}>
              Yes
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={preview !== null}
        onClose={() => setPreview(null)}
        title={preview ? `Preview: ${preview.title}` : ''}
        size="xl"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {preview && <ContentView content={preview} videoWidth={550} />}
      </Modal>
    </Stack>
  );
}
