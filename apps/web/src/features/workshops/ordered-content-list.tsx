import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ContentReply } from '@playshop/shared';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../i18n/locale-provider';
import { contentTypeLabel } from '../content/content-type-label';
import classes from './ordered-content-list.module.css';

interface OrderedContentListProps {
  items: ContentReply[];
  /** Omit for a read-only list (the wizard's review step). */
  onChange?: (items: ContentReply[]) => void;
  label: string;
  emptyText?: string;
}

/**
 * A session's ordered content. Reorder by dragging the handle (mouse, touch or pen), by keyboard on the
 * handle (Space, arrows, Space), or with the Move up and Move down buttons; each move is announced.
 */
export function OrderedContentList({ items, onChange, label, emptyText }: OrderedContentListProps) {
  const t = useT();
  const [announcement, setAnnouncement] = useState('');
  // A few pixels of travel before a drag starts, so a tap on a phone still scrolls and clicks.
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const positionOf = (id: unknown) => items.findIndex((item) => item.id === id) + 1;

  const move = (from: number, to: number) => {
    if (!onChange || to < 0 || to >= items.length) return;
    onChange(arrayMove(items, from, to));
    setAnnouncement(
      t('workshops.dragMoved', { title: items[from]?.title ?? '', position: to + 1, count: items.length }),
    );
  };
  const remove = (index: number) => {
    if (!onChange) return;
    onChange(items.filter((_, i) => i !== index));
    setAnnouncement(t('workshops.itemRemoved', { title: items[index]?.title ?? '' }));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(positionOf(active.id) - 1, positionOf(over.id) - 1);
  };

  return (
    <div>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
      {items.length === 0 && <Text c="dimmed">{emptyText ?? t('workshops.noContentYet')}</Text>}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements: dragAnnouncements(items, t),
          screenReaderInstructions: { draggable: t('workshops.dragInstructions') },
        }}
      >
        <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
          <Stack component="ol" gap={6} p={0} m={0} aria-label={label} style={{ listStyle: 'none' }}>
            {items.map((item, index) => (
              <SortableRow
                key={item.id}
                item={item}
                index={index}
                count={items.length}
                editable={onChange !== undefined}
                onMove={move}
                onRemove={remove}
              />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
    </div>
  );
}

/** What a screen reader hears while an item is dragged: its title, where it is, and how many there are. */
function dragAnnouncements(items: ContentReply[], t: ReturnType<typeof useT>): Announcements {
  const titleOf = (id: unknown) => items.find((item) => item.id === id)?.title ?? '';
  const positionOf = (id: unknown) => items.findIndex((item) => item.id === id) + 1;
  return {
    onDragStart: ({ active }) =>
      t('workshops.dragPickedUp', { title: titleOf(active.id), position: positionOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('workshops.dragOver', {
            title: titleOf(active.id),
            position: positionOf(over.id),
            count: items.length,
          })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('workshops.dragMoved', {
            title: titleOf(active.id),
            position: positionOf(over.id),
            count: items.length,
          })
        : undefined,
    onDragCancel: ({ active }) => t('workshops.dragCancelled', { title: titleOf(active.id) }),
  };
}

interface SortableRowProps {
  item: ContentReply;
  index: number;
  count: number;
  editable: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}

function SortableRow({ item, index, count, editable, onMove, onRemove }: SortableRowProps) {
  const t = useT();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: item.id, disabled: !editable });
  return (
    <li
      ref={setNodeRef}
      className={classes.row}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <Group gap="xs" wrap="nowrap">
        {editable && (
          <button
            type="button"
            ref={setActivatorNodeRef}
            className={classes.handle}
            aria-label={t('workshops.dragItem', { title: item.title })}
            title={t('workshops.dragToReorder')}
            {...attributes}
            {...listeners}
          >
            <IconGripVertical size={18} aria-hidden />
          </button>
        )}
        <Text fw={700} w={24} ta="right">{`${index + 1}.`}</Text>
        <Text style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{item.title}</Text>
        <Badge variant="light" visibleFrom="xs">
          {contentTypeLabel(item.type)}
        </Badge>
        {editable && (
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="default"
              aria-label={t('workshops.moveUp', { title: item.title })}
              disabled={index === 0}
              onClick={() => onMove(index, index - 1)}
            >
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="default"
              aria-label={t('workshops.moveDown', { title: item.title })}
              disabled={index === count - 1}
              onClick={() => onMove(index, index + 1)}
            >
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="default"
              aria-label={t('workshops.removeItem', { title: item.title })}
              onClick={() => onRemove(index)}
            >
              <IconX size={16} aria-hidden color="var(--mantine-color-red-8)" />
            </ActionIcon>
          </Group>
        )}
      </Group>
    </li>
  );
}
