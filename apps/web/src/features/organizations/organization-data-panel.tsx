import { Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { can, ORG_DATA_API, ORG_DATA_TEXTS } from '@playshop/shared';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/api';
import { callPath } from '../../api/client';
import { downloadFile } from '../../api/download-file';
import { useSavingMutation } from '../../api/use-saving-mutation';
import { useCurrentUser } from '../../auth/auth-provider';
import { ErrorAlert } from '../../ui/error-alert';
import { organizationKeys } from './organizations-api';

/**
 * An organization's data on request: its admins (and the super admin) download everything of it as
 * one zip; the super admin deletes it with all its data after typing its name (never their own).
 */
export function OrganizationDataPanel({ organization }: { organization: { id: number; name: string } }) {
  const actor = useCurrentUser();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const erase = useSavingMutation(
    () => api.call(ORG_DATA_API.erase, { params: { id: organization.id }, body: { confirmName: typed } }),
    { success: ORG_DATA_TEXTS.erased, refresh: organizationKeys.all },
  );
  const canErase = can(actor?.role, 'manageOrganizations') && actor?.orgId !== organization.id;
  const safeName = organization.name.replace(/[^A-Za-z0-9 _-]/g, '').replace(/\s+/g, '-');

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Data">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Data
        </Title>
        <Text c="dimmed">
          Everything of this organization as one zip file: people, workshops and content, rooms, games and
          their logs, the content's files and the audit log.
        </Text>
        <Group>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() =>
              void downloadFile(
                callPath(ORG_DATA_API.export, { params: { id: organization.id } }),
                `${safeName || 'organization'}.zip`,
              )
            }
          >
            {ORG_DATA_TEXTS.download}
          </Button>
          {canErase && (
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setConfirming(true)}
            >
              {ORG_DATA_TEXTS.eraseOrganization}
            </Button>
          )}
        </Group>
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={ORG_DATA_TEXTS.eraseOrganization}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            erase.mutate(undefined, { onSuccess: () => navigate('../..', { relative: 'path' }) });
          }}
        >
          <Stack gap="md">
            <Text>
              Its people, rooms, games and their logs are deleted for good. Download its data first if it may
              be needed.
            </Text>
            <TextInput
              label={ORG_DATA_TEXTS.typeName}
              description={organization.name}
              autoComplete="off"
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
            />
            {erase.isError && <ErrorAlert message={`Error: ${erase.error.message}`} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
              <Button
                type="submit"
                color="red"
                disabled={typed.trim() !== organization.name}
                loading={erase.isPending}
              >
                Delete
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
