import { Alert, Button, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { type OrgScim, SCIM_API, SCIM_GROUPS } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/api';
import { useOrgSettingsQuery } from '../../api/org-settings';
import { storeReply } from '../../api/store-reply';
import { useT } from '../../i18n/locale-provider';
import { ErrorAlert } from '../../ui/error-alert';
import { PageLoader } from '../../ui/page-loader';

/** Query keys of an organization's SCIM token. */
export const scimKeys = { org: (orgId: number) => ['org-scim', orgId] as const };

/**
 * Settings › Sign-in: SCIM provisioning. The base address and a bearer token for the organization's
 * directory (Okta, Entra ID); the token is shown once, right after it is made, and only its hash kept.
 */
export function ScimPanel({ orgId }: { orgId: number }) {
  const t = useT();
  const client = useQueryClient();
  const scim = useOrgSettingsQuery(scimKeys.org(orgId), SCIM_API.settings, orgId);
  const [shown, setShown] = useState<string | null>(null);
  const saved = (reply: OrgScim) => storeReply(client, scimKeys.org(orgId), reply);
  const create = useMutation({
    mutationFn: () => api.call(SCIM_API.createToken, { params: { id: orgId } }, { notify: false }),
    onSuccess: ({ token, ...reply }) => {
      void saved(reply);
      setShown(token);
    },
  });
  const revoke = useMutation({
    mutationFn: () => api.call(SCIM_API.revokeToken, { params: { id: orgId } }, { notify: false }),
    onSuccess: (reply) => {
      void saved(reply);
      setShown(null);
    },
  });
  const failed = create.error ?? revoke.error;
  return (
    <Card withBorder radius="lg" padding="lg">
      {scim.isPending && <PageLoader label={t('signIn.settingsLoading')} />}
      {scim.isError && <ErrorAlert message={scim.error.message} />}
      {scim.data && (
        <Stack gap="md">
          <Title order={3}>{t('scim.title')}</Title>
          <Text size="sm">{t('scim.help')}</Text>
          <Text size="sm">
            {t('scim.baseUrl')} <Code data-testid="scim-base-url">{scim.data.baseUrl}</Code>
          </Text>
          <Text size="sm">
            {t('scim.groups', { groups: SCIM_GROUPS.map((g) => g.displayName).join(', ') })}
          </Text>
          <Text size="sm" data-testid="scim-status">
            {scim.data.tokenCreatedAt
              ? t('scim.tokenSince', { date: new Date(scim.data.tokenCreatedAt).toLocaleString() })
              : t('scim.noToken')}
          </Text>
          {shown && (
            <Stack gap="xs" role="status">
              <Text size="sm" fw={700}>
                {t('scim.copyNow')}
              </Text>
              <Code block data-testid="scim-token">
                {shown}
              </Code>
            </Stack>
          )}
          {failed && (
            <Alert color="red" variant="light" role="alert">
              {failed.message}
            </Alert>
          )}
          <Group>
            <Button loading={create.isPending} onClick={() => create.mutate()}>
              {scim.data.tokenCreatedAt ? t('scim.rotate') : t('scim.generate')}
            </Button>
            {scim.data.tokenCreatedAt && (
              <Button
                variant="default"
                color="red"
                loading={revoke.isPending}
                onClick={() => revoke.mutate()}
              >
                {t('scim.revoke')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Card>
  );
}
