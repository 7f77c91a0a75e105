import { Stack, Text } from '@mantine/core';
import type { GameContent } from '@playshop/shared';
import { ContentHeading } from './script-panel';

/** SPEC §2 Other view: script, title and description. */
export function OtherView({ content }: { content: GameContent }) {
  return (
    <Stack gap="md">
      <ContentHeading script={content.script}>{content.title}</ContentHeading>
      <Text size="lg" style={{ whiteSpace: 'pre-wrap' }}>
        {content.description}
      </Text>
    </Stack>
  );
}
