import { Anchor, Group, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { usePublicSettings } from '../features/settings/settings-api';
import { useT } from '../i18n/locale-provider';
import { isExternalHref, isLinkableHref } from '../ui/external-href';
import classes from './app-frame.module.css';

/** A configured address: web pages open in a new tab (SPEC §2), a mailto: link opens the mail app. */
function SettingLink({ href, label }: { href: string; label: string }) {
  if (!isLinkableHref(href)) return null;
  const isExternal = isExternalHref(href);
  return (
    <Anchor
      href={href}
      size="sm"
      target={isExternal ? '_blank' : undefined}
      rel={isExternal ? 'noopener noreferrer' : undefined}
    >
      <Group component="span" gap={4} wrap="nowrap">
        {label}
        {isExternal && <IconExternalLink size={14} aria-hidden />}
      </Group>
    </Anchor>
  );
}

/** SPEC §2 footer: 'Report Issue' and 'Status', addresses from /public-settings; the security and accessibility pages. */
export function Footer() {
  const settings = usePublicSettings();
  const text = useT();
  const { reportIssueUrl = '', statusUrl = '' } = settings.data ?? {};

  return (
    <footer className={classes.footer}>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          © Playshop
        </Text>
        <Group gap="lg">
          <SettingLink href={reportIssueUrl} label={text('frame.reportIssue')} />
          <SettingLink href={statusUrl} label={text('frame.status')} />
          {/* Pages the server writes (apps/server/src/trust): a plain link, a full page load. */}
          <Anchor href="/security" size="sm">
            {text('frame.security')}
          </Anchor>
          <Anchor href="/accessibility" size="sm">
            {text('frame.accessibility')}
          </Anchor>
        </Group>
      </Group>
    </footer>
  );
}
