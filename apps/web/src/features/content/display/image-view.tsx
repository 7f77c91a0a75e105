import { Image, Stack, Text } from '@mantine/core';
import type { GameContent } from '@playshop/shared';
import { ScriptPanel } from './script-panel';

/** SPEC §2 Image view: the description and the image. */
export function ImageView({ content }: { content: GameContent }) {
  return (
    <Stack gap="md">
      <ScriptPanel script={content.script} />
      <Text size="lg">{content.description}</Text>
      {content.image && (
        <Image src={content.image.url} alt={content.title} radius="md" mah={480} fit="contain" />
      )}
    </Stack>
  );
}
