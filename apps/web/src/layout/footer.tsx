import { Anchor, Group, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { usePublicSettings } from '../api/use-public-settings';
import classes from './app-frame.module.css';

function ExternalLink({ href, label }: { href: string; label: string }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
      <Group component="span" gap={4} wrap="nowrap">
        {label}
        <IconExternalLink size={14} aria-hidden />
      </Group>
    </Anchor>
  );
}

/** SPEC §2 footer: 'Report Issue' and 'Status', addresses from /public-settings. */
export function Footer() {
  const settings = usePublicSettings();
  const { reportIssueUrl, statusUrl } = settings.data ?? {};

  return (
    <footer className={classes.footer}>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          © Playshop
        </Text>
        <Group gap="lg">
          {reportIssueUrl && <ExternalLink href={reportIssueUrl} label="Report Issue" />}
          {statusUrl && <ExternalLink href={statusUrl} label="Status" />}
        </Group>
      </Group>
    </footer>
  );
}
