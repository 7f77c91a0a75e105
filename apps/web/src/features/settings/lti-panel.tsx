import { Button, Card, Code, Group, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { LTI_API, type LtiPlatform, type LtiPlatformInput, type OrgLti } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '../../api/api';
import { useOrgSettingsQuery } from '../../api/org-settings';
import { storeReply } from '../../api/store-reply';
import { useT } from '../../i18n/locale-provider';
import { QueryStates } from '../../ui/query-states';
import { RequestError } from '../../ui/request-error';
import { TableHead } from '../../ui/table-head';
import { toastSuccess } from '../../ui/toast';

const ltiKey = (orgId: number) => ['org-lti', orgId];

const EMPTY: LtiPlatformInput = {
  issuer: '',
  clientId: '',
  deploymentIds: [],
  authUrl: '',
  tokenUrl: '',
  jwksUrl: '',
};
const FIELDS = ['issuer', 'clientId', 'authUrl', 'tokenUrl', 'jwksUrl'] as const;

/**
 * Settings › LTI (issue 47): what to paste into the learning platform (Moodle, Canvas, …) and the
 * platforms registered with what they gave back. docs/guide.md walks a Moodle administrator through it.
 */
export function LtiPanel({ orgId }: { orgId: number }) {
  const t = useT();
  const lti = useOrgSettingsQuery(ltiKey(orgId), LTI_API.settings, orgId);
  return (
    <Card withBorder radius="lg" padding="lg">
      <QueryStates query={lti} loading={t('lti.loading')}>
        {(data) => <LtiSettings orgId={orgId} lti={data} />}
      </QueryStates>
    </Card>
  );
}

function LtiSettings({ orgId, lti }: { orgId: number; lti: OrgLti }) {
  const t = useT();
  const client = useQueryClient();
  const [editing, setEditing] = useState<LtiPlatform | null>(null);
  const saved = (reply: OrgLti) => storeReply(client, ltiKey(orgId), reply);
  const remove = useMutation({
    mutationFn: (platformId: number) =>
      api.call(LTI_API.removePlatform, { params: { id: orgId, platformId } }, { notify: false }),
    onSuccess: (reply) => {
      void saved(reply);
      toastSuccess(t('lti.removed'));
    },
  });
  const value = (label: string, text: string, testId: string) => (
    <Text size="sm">
      {label} <Code data-testid={testId}>{text}</Code>
    </Text>
  );
  return (
    <Stack gap="md">
      <Title order={3}>{t('lti.title')}</Title>
      <Text size="sm">{t('lti.pasteHelp')}</Text>
      {value(t('lti.toolLoginUrl'), lti.tool.loginUrl, 'lti-login-url')}
      {value(t('lti.toolLaunchUrl'), lti.tool.launchUrl, 'lti-launch-url')}
      {value(t('lti.toolDeepLinkUrl'), lti.tool.deepLinkUrl, 'lti-deep-link-url')}
      {value(t('lti.toolJwksUrl'), lti.tool.jwksUrl, 'lti-jwks-url')}
      <Text size="sm">{t('lti.publicKey')}</Text>
      <Code block>{lti.tool.publicKeyPem}</Code>
      <Title order={4}>{t('lti.platforms')}</Title>
      <PlatformTable
        platforms={lti.platforms}
        removing={remove.isPending ? remove.variables : undefined}
        onEdit={setEditing}
        onRemove={(id) => remove.mutate(id)}
      />
      <RequestError request={remove} />
      <PlatformForm
        key={editing?.id ?? 'new'}
        orgId={orgId}
        editing={editing}
        onSaved={(reply) => {
          void saved(reply);
          setEditing(null);
        }}
      />
    </Stack>
  );
}

/** The platforms registered, each with Change and Remove. */
function PlatformTable({
  platforms,
  removing,
  onEdit,
  onRemove,
}: {
  platforms: LtiPlatform[];
  removing: number | undefined;
  onEdit: (platform: LtiPlatform) => void;
  onRemove: (id: number) => void;
}) {
  const t = useT();
  return (
    <>
      {platforms.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('lti.noPlatforms')}
        </Text>
      ) : (
        <Table>
          <TableHead headings={[t('lti.issuer'), t('lti.clientId'), t('lti.deploymentIds'), '']} />
          <Table.Tbody>
            {platforms.map((p) => (
              <Table.Tr key={p.id} data-testid="lti-platform">
                <Table.Td>{p.issuer}</Table.Td>
                <Table.Td>{p.clientId}</Table.Td>
                <Table.Td>{p.deploymentIds.join(', ')}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" variant="default" onClick={() => onEdit(p)}>
                      {t('lti.edit')}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      color="red"
                      loading={removing === p.id}
                      onClick={() => onRemove(p.id)}
                    >
                      {t('lti.remove')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}

function PlatformForm({
  orgId,
  editing,
  onSaved,
}: {
  orgId: number;
  editing: LtiPlatform | null;
  onSaved: (reply: OrgLti) => void;
}) {
  const t = useT();
  const [form, setForm] = useState<LtiPlatformInput>(editing ?? EMPTY);
  const [deployments, setDeployments] = useState((editing?.deploymentIds ?? []).join('\n'));
  const save = useMutation({
    mutationFn: (body: LtiPlatformInput) =>
      editing
        ? api.call(
            LTI_API.editPlatform,
            { params: { id: orgId, platformId: editing.id }, body },
            { notify: false },
          )
        : api.call(LTI_API.addPlatform, { params: { id: orgId }, body }, { notify: false }),
    onSuccess: (reply) => {
      toastSuccess(t('lti.saved'));
      onSaved(reply);
    },
  });
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const deploymentIds = deployments
      .split(/[\n,]/)
      .map((d) => d.trim())
      .filter(Boolean);
    save.mutate({ ...form, deploymentIds });
  };
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <Title order={4}>{editing ? t('lti.editPlatform') : t('lti.addPlatform')}</Title>
        <Text size="sm">{t('lti.platformHelp')}</Text>
        {FIELDS.map((field) => (
          <TextInput
            key={field}
            label={t(`lti.${field}`)}
            description={t(`lti.${field}Help`)}
            value={form[field]}
            onChange={(event) => setForm({ ...form, [field]: event.currentTarget.value })}
          />
        ))}
        <Textarea
          label={t('lti.deploymentIds')}
          description={t('lti.deploymentIdsHelp')}
          autosize
          minRows={1}
          value={deployments}
          onChange={(event) => setDeployments(event.currentTarget.value)}
        />
        <RequestError request={save} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {editing ? t('lti.save') : t('lti.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
