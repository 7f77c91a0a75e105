import { Grid, Paper, Title } from '@mantine/core';
import type { ContentReply } from '@playshop/shared';
import { ContentSelector } from './content-selector';
import { OrderedContentList } from './ordered-content-list';

interface SessionContentEditorProps {
  title: string;
  /** The list's accessible name. */
  label: string;
  items: ContentReply[];
  onChange: (items: ContentReply[]) => void;
}

/**
 * A session's content being built: the library to pick from, and the ordered list beside it (above
 * it on a phone, where the list is what the facilitator reorders). An item is added once.
 */
export function SessionContentEditor({ title, label, items, onChange }: SessionContentEditorProps) {
  return (
    <Grid gutter="md">
      <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
        <Paper withBorder radius="md" p="md">
          <Title order={2} fz="md" mb="sm">
            {title}
          </Title>
          <OrderedContentList label={label} items={items} onChange={onChange} />
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
        <ContentSelector
          selectedIds={items.map((c) => c.id)}
          onAdd={(item) => onChange(items.some((c) => c.id === item.id) ? items : [...items, item])}
        />
      </Grid.Col>
    </Grid>
  );
}
