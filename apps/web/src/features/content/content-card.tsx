import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Collapse,
  Group,
  Image,
  List,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ContentReply, SCRIPT_PREVIEW_LENGTH } from '@playshop/shared';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/locale-provider';
import { DisclosureToggle } from '../../ui/disclosure-toggle';
import classes from './content-card.module.css';
import { contentTypeLabel } from './content-type-label';

/** The first 100 characters of a script (SPEC §9), with an ellipsis when cut. */
export function scriptPreview(script: string): string {
  return script.length > SCRIPT_PREVIEW_LENGTH ? `${script.slice(0, SCRIPT_PREVIEW_LENGTH)}…` : script;
}

interface ContentCardProps {
  item: ContentReply;
  editHref: string;
  onDelete: (item: ContentReply) => void;
  onPreview: (item: ContentReply) => void;
}

/** A library card: type, title and category; expands to description, media and a script preview. */
export function ContentCard({ item, editHref, onDelete, onPreview }: ContentCardProps) {
  const t = useT();
  const [opened, { toggle }] = useDisclosure(false);
  const detailsId = useId();
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      className={classes.card}
      component="article"
      aria-label={item.title}
    >
      <CardActions item={item} editHref={editHref} onDelete={onDelete} />
      <Stack gap={6} pr={88}>
        <Group gap={6}>
          <Badge variant="light">{contentTypeLabel(item.type)}</Badge>
          <Badge variant="outline" color="gray">
            {item.category.name}
          </Badge>
        </Group>
        <Title order={2} fz="md" style={{ overflowWrap: 'anywhere' }}>
          {item.title}
        </Title>
      </Stack>
      <Group gap="xs" mt="sm">
        <DisclosureToggle opened={opened} onToggle={toggle} controls={detailsId} chevronSize={14}>
          {opened ? t('content.hideDetails') : t('content.showDetails')}
        </DisclosureToggle>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconEye size={14} aria-hidden />}
          onClick={() => onPreview(item)}
          aria-label={t('content.previewItem', { title: item.title })}
        >
          {t('content.preview')}
        </Button>
      </Group>
      <Collapse in={opened} id={detailsId}>
        <ContentDetails item={item} />
      </Collapse>
    </Card>
  );
}

/** Edit and delete, in the card's corner (shown on hover or focus, see the stylesheet). */
function CardActions({ item, editHref, onDelete }: Omit<ContentCardProps, 'onPreview'>) {
  const t = useT();
  return (
    <Group gap={6} className={classes.actions}>
      <ActionIcon
        component={Link}
        to={editHref}
        variant="default"
        size="lg"
        aria-label={t('content.editItem', { title: item.title })}
      >
        <IconPencil size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="default"
        color="red"
        size="lg"
        aria-label={t('content.deleteItem', { title: item.title })}
        onClick={() => onDelete(item)}
      >
        <IconTrash size={18} aria-hidden color="var(--mantine-color-red-8)" />
      </ActionIcon>
    </Group>
  );
}

/** What the card shows expanded: description, image, video address, question and answers, script preview. */
function ContentDetails({ item }: { item: ContentReply }) {
  const t = useT();
  return (
    <Stack gap="xs" mt="xs">
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {item.description}
      </Text>
      {item.image && <Image src={item.image.url} alt={item.title} mah={160} fit="contain" radius="sm" />}
      {item.video && (
        <Anchor
          href={item.video.url}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          style={{ overflowWrap: 'anywhere' }}
        >
          {item.video.url}
        </Anchor>
      )}
      {item.question && (
        <div>
          <Text size="sm" fw={600}>
            {item.question.question}
          </Text>
          <List size="sm">
            {item.question.answers.map((a) => (
              <List.Item key={a.id}>
                {a.name || t('content.imageAnswer')}
                {a.isCorrect ? ` ${t('content.correctMark')}` : ''}
              </List.Item>
            ))}
          </List>
        </div>
      )}
      {item.script && (
        <Text size="sm" c="dimmed">
          <Text span fw={600} c="dark">
            {t('content.scriptLabel')}{' '}
          </Text>
          {scriptPreview(item.script)}
        </Text>
      )}
    </Stack>
  );
}
