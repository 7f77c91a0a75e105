import { Alert, Button, Code, SimpleGrid, Stack, Text } from '@mantine/core';

/** The recovery codes, shown this once: the server keeps only their hashes. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" title="Save your recovery codes">
        Each code signs you in once if you lose your phone. They are shown only now: print them or keep them
        in a password manager.
      </Alert>
      <SimpleGrid cols={2} spacing="xs" aria-label="Recovery codes">
        {codes.map((code) => (
          <Code key={code} fz="md" ta="center">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        Two-factor sign-in is on.
      </Text>
      <Button onClick={onDone}>I have saved my recovery codes</Button>
    </Stack>
  );
}
