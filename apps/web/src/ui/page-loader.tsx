import { Center, Loader, Text, VisuallyHidden } from '@mantine/core';
import { useT } from '../i18n/locale-provider';

/** A centred spinner with a text for screen readers (and, optionally, for everyone). */
export function PageLoader({ label, showLabel = false }: { label?: string; showLabel?: boolean }) {
  const text = useT();
  label ??= text('frame.loading');
  return (
    <Center mih={200} py="xl" role="status" style={{ flexDirection: 'column', gap: 12 }}>
      <Loader aria-hidden />
      {showLabel ? <Text>{label}</Text> : <VisuallyHidden>{label}</VisuallyHidden>}
    </Center>
  );
}

/** Before the router renders anything (restoring the session, first lazy route). */
export function FullPageLoader({ label }: { label?: string }) {
  return (
    <main>
      <Center h="100dvh">
        <PageLoader label={label} />
      </Center>
    </main>
  );
}
