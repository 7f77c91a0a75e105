import { Badge, Button, Group, Modal, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { ContentFilters, ContentReply } from '@playshop/shared';
import { IconPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { t as translate } from '../../i18n/i18n';
import { useT } from '../../i18n/locale-provider';
import { ButtonWithIcon } from '../../ui/button-with-icon';
import { PageLoader } from '../../ui/page-loader';
import { useContentPages, useSaveContent } from '../content/content-api';
import { ContentFilter } from '../content/content-filter';
import { ContentForm, emptyContentForm } from '../content/content-form';
import { contentTypeLabel } from '../content/content-type-label';

/** SPEC §8: 'Content added to the list', top-centre, for one second. */
function toastAdded() {
  notifications.show({
    message: translate('workshops.contentAdded'),
    position: 'top-center',
    autoClose: 1000,
    color: 'green',
  });
}

interface ContentSelectorProps {
  /** Ids already in the session: their Add button is disabled. */
  selectedIds: number[];
  onAdd: (item: ContentReply) => void;
}

/**
 * The wizard's and Edit Session's Content Selector: the content filter, the matching content with
 * an Add button each (Load More for the next 50), and a button to write a new item on the spot.
 */
export function ContentSelector({ selectedIds, onAdd }: ContentSelectorProps) {
  const t = useT();
  const [filters, setFilters] = useState<ContentFilters>({});
  const pages = useContentPages(filters);
  const items = pages.data?.pages.flatMap((p) => p.content) ?? [];
  const [isFormOpen, form] = useDisclosure(false);
  const headingId = useId();

  const add = (item: ContentReply) => {
    onAdd(item);
    toastAdded();
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} fz="md" id={headingId}>
            {t('workshops.contentSelector')}
          </Title>
          <ButtonWithIcon icon={IconPlus} variant="light" size="compact-md" onClick={form.open}>
            {t('workshops.newContent')}
          </ButtonWithIcon>
        </Group>
        <ContentFilter value={filters} onApply={setFilters} />
        <ScrollArea.Autosize mah={600} type="auto" offsetScrollbars>
          <Stack gap={6}>
            {pages.isPending && <PageLoader label={t('workshops.loadingContent')} />}
            {pages.isSuccess && items.length === 0 && <Text c="dimmed">{t('workshops.noContent')}</Text>}
            {items.map((item) => (
              <SelectorRow key={item.id} item={item} isAdded={selectedIds.includes(item.id)} onAdd={add} />
            ))}
            {pages.hasNextPage && (
              <Button
                variant="default"
                size="compact-sm"
                onClick={() => pages.fetchNextPage()}
                loading={pages.isFetchingNextPage}
              >
                {t('workshops.loadMore')}
              </Button>
            )}
          </Stack>
        </ScrollArea.Autosize>
      </Stack>
      <NewContentModal opened={isFormOpen} onClose={form.close} onSaved={add} />
    </Paper>
  );
}

interface SelectorRowProps {
  item: ContentReply;
  isAdded: boolean;
  onAdd: (item: ContentReply) => void;
}

function SelectorRow({ item, isAdded, onAdd }: SelectorRowProps) {
  const t = useT();
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {item.title}
        </Text>
        <Group gap={4}>
          <Badge size="xs" variant="light">
            {contentTypeLabel(item.type)}
          </Badge>
          <Badge size="xs" variant="outline" color="gray">
            {item.category.name}
          </Badge>
        </Group>
      </Stack>
      <Button
        size="compact-sm"
        variant={isAdded ? 'default' : 'filled'}
        disabled={isAdded}
        aria-label={
          isAdded
            ? t('workshops.itemAdded', { title: item.title })
            : t('workshops.addItem', { title: item.title })
        }
        onClick={() => onAdd(item)}
      >
        {isAdded ? t('workshops.added') : t('workshops.addButton')}
      </Button>
    </Group>
  );
}

/** Writes a new content item on the spot; once saved it joins the session. */
interface NewContentModalProps {
  opened: boolean;
  onClose: () => void;
  onSaved: (item: ContentReply) => void;
}

function NewContentModal({ opened, onClose, onSaved }: NewContentModalProps) {
  const t = useT();
  const save = useSaveContent();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('workshops.newContent')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('workshops.close') }}
    >
      <ContentForm
        initialValues={emptyContentForm}
        submitLabel={t('workshops.saveAndAdd')}
        onSubmit={async (input) => {
          onSaved(await save.mutateAsync(input));
          onClose();
        }}
      />
    </Modal>
  );
}
