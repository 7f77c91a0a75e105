import { Center, Loader, Text, VisuallyHidden } from '@mantine/core';

/** A centred spinner with a text for screen readers (and, optionally, for everyone). */
export function PageLoader({
  label = 'Loading',
  showLabel = false,
}: {
  label?: string;
  showLabel?: boolean;
}) {
  return (
    <Center mih={200} py="xl" role="status" style={{ flexDirection: 'column', gap: 12 }}>
      <Loader aria-hidden />
      {showLabel ? <Text>{label}</Text> : <VisuallyHidden>{label}</VisuallyHidden>}
    </Center>
  );
}

/** Before the router renders anything (restoring the session, first lazy route). */
export function FullPageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <main>
      <Center h="100dvh">
        <PageLoader label={label} />
      </Center>
    </main>
  );
}
