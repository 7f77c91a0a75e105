import { Stack, Text, Title } from '@mantine/core';
import type { GameContent } from '@playshop/shared';
import { ScriptPanel } from './script-panel';

/** SPEC §2 Other view: script, title and description. */
export function OtherView({ content }: { content: GameContent }) {
  return (
    <Stack gap="md">
      <ScriptPanel script={content.script} />
      <Title order={2} fz={{ base: 'lg', sm: 'xl' }}>
        {content.title}
      </Title>
      <Text size="lg" style={{ whiteSpace: 'pre-wrap' }}>
        {content.description}
      </Text>
    </Stack>
  );
}
