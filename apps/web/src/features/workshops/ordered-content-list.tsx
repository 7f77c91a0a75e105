import { ActionIcon, Badge, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { CONTENT_TYPE_LABELS, type ContentReply } from '@playshop/shared';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './ordered-content-list.module.css';

/** Moves the item at `from` to `to`, shifting the others. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item as T);
  return copy;
}

interface OrderedContentListProps {
  items: ContentReply[];
  /** Omit for a read-only list (the wizard's review step). */
  onChange?: (items: ContentReply[]) => void;
  label: string;
  emptyText?: string;
}

/**
 * A session's ordered content. Reorder by dragging the handle, or by keyboard with the Move up and
 * Move down buttons; each move is announced to screen readers.
 */
export function OrderedContentList({
  items,
  onChange,
  label,
  emptyText = 'No content yet',
}: OrderedContentListProps) {
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const isEditable = onChange !== undefined;

  const move = (from: number, to: number) => {
    if (!onChange || to < 0 || to >= items.length) return;
    onChange(moveItem(items, from, to));
    setAnnouncement(`${items[from]?.title} moved to position ${to + 1} of ${items.length}`);
  };
  const remove = (index: number) => {
    if (!onChange) return;
    onChange(items.filter((_, i) => i !== index));
    setAnnouncement(`${items[index]?.title} removed`);
  };

  return (
    <div>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
      {items.length === 0 && <Text c="dimmed">{emptyText}</Text>}
      <Stack component="ol" gap={6} p={0} m={0} aria-label={label} style={{ listStyle: 'none' }}>
        {items.map((item, index) => (
          <li
            key={item.id}
            className={classes.row}
            data-dragging={dragFrom === index || undefined}
            data-over={(dragOver === index && dragFrom !== index) || undefined}
            onDragOver={(e) => {
              if (dragFrom === null) return;
              e.preventDefault();
              setDragOver(index);
            }}
            onDrop={(e) => {
              e.preventDefault();
              if (dragFrom !== null) move(dragFrom, index);
              setDragFrom(null);
              setDragOver(null);
            }}
          >
            <Group gap="xs" wrap="nowrap">
              {isEditable && (
                <span
                  className={classes.handle}
                  draggable
                  onDragStart={(e) => {
                    e.dataTransfer.effectAllowed = 'move';
                    e.dataTransfer.setData('text/plain', String(index));
                    setDragFrom(index);
                  }}
                  onDragEnd={() => {
                    setDragFrom(null);
                    setDragOver(null);
                  }}
                  title="Drag to reorder"
                  aria-hidden
                >
                  <IconGripVertical size={18} />
                </span>
              )}
              <Text fw={700} w={24} ta="right">{`${index + 1}.`}</Text>
              <Text style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{item.title}</Text>
              <Badge variant="light" visibleFrom="xs">
                {CONTENT_TYPE_LABELS[item.type]}
              </Badge>
              {isEditable && (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="default"
                    aria-label={`Move ${item.title} up`}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    <IconArrowUp size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    aria-label={`Move ${item.title} down`}
                    disabled={index === items.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <IconArrowDown size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    aria-label={`Remove ${item.title}`}
                    onClick={() => remove(index)}
                  >
                    <IconX size={16} aria-hidden color="var(--mantine-color-red-8)" />
                  </ActionIcon>
                </Group>
              )}
            </Group>
          </li>
        ))}
      </Stack>
    </div>
  );
}
