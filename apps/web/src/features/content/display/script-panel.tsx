import { Paper, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { can } from '@playshop/shared';
import { type ReactNode, useId } from 'react';
import { useCurrentUser } from '../../../auth/auth-provider';
import { useT } from '../../../i18n/locale-provider';
import { DisclosureToggle } from '../../../ui/disclosure-toggle';
import fold from '../../../ui/fold.module.css';

/**
 * SPEC §2: the facilitator's script, collapsible and hidden by default, shown only to signed-in roles
 * that are not players. Players and visitors get nothing at all (not even a hidden copy in the page).
 */
export function ScriptPanel({ script }: { script: string | null | undefined }) {
  const user = useCurrentUser();
  const t = useT();
  const [opened, { toggle }] = useDisclosure(false);
  const id = useId();
  if (!script || !can(user?.role, 'readContent')) return null;
  return (
    <Paper withBorder radius="md" p="xs" bg="var(--mantine-color-gray-0)">
      <DisclosureToggle opened={opened} onToggle={toggle} controls={id} chevronSize={16}>
        {opened ? t('content.hideScript') : t('content.showScript')}
      </DisclosureToggle>
      {/* The CSS fold, not Collapse: every content view on a player's phone imports this panel. */}
      <div className={fold.fold} data-folded={!opened || undefined} id={id}>
        <div style={{ overflow: 'hidden' }}>
          <Text mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
            {script}
          </Text>
        </div>
      </div>
    </Paper>
  );
}

/** The top of a content view: the facilitator's script (see ScriptPanel), then the item's heading. */
export function ContentHeading({
  script,
  children,
}: {
  script: string | null | undefined;
  children: ReactNode;
}) {
  return (
    <>
      <ScriptPanel script={script} />
      <Title order={2} fz={{ base: 'lg', sm: 'xl' }}>
        {children}
      </Title>
    </>
  );
}
