import { Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { can, ORG_DATA_API } from '@playshop/shared';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/api';
import { callPath } from '../../api/client';
import { downloadFile } from '../../api/download-file';
import { useSavingMutation } from '../../api/use-saving-mutation';
import { useCurrentUser } from '../../auth/auth-provider';
import { t as say } from '../../i18n/i18n';
import { useT } from '../../i18n/locale-provider';
import { ButtonWithIcon } from '../../ui/button-with-icon';
import { ErrorAlert } from '../../ui/error-alert';
import { organizationKeys } from './organizations-api';

/** Deleting the organization with all its data, once its name is typed exactly. */
function EraseOrganizationModal({
  organization,
  opened,
  onClose,
}: {
  organization: { id: number; name: string };
  opened: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const erase = useSavingMutation(
    () => api.call(ORG_DATA_API.erase, { params: { id: organization.id }, body: { confirmName: typed } }),
    { success: () => say('orgData.erased'), refresh: organizationKeys.all },
  );
  return (
    <Modal opened={opened} onClose={onClose} title={t('orgData.eraseOrganization')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          erase.mutate(undefined, { onSuccess: () => navigate('../..', { relative: 'path' }) });
        }}
      >
        <Stack gap="md">
          <Text>{t('orgs.eraseWarning')}</Text>
          <TextInput
            label={t('orgData.typeName')}
            description={organization.name}
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
          />
          {erase.isError && <ErrorAlert message={t('common.error', { message: erase.error.message })} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              color="red"
              disabled={typed.trim() !== organization.name}
              loading={erase.isPending}
            >
              {t('common.delete')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * An organization's data on request: its admins (and the super admin) download everything of it as
 * one zip; the super admin deletes it with all its data after typing its name (never their own).
 */
export function OrganizationDataPanel({ organization }: { organization: { id: number; name: string } }) {
  const t = useT();
  const actor = useCurrentUser();
  const [confirming, setConfirming] = useState(false);
  const canErase = can(actor?.role, 'manageOrganizations') && actor?.orgId !== organization.id;
  const safeName = organization.name.replace(/[^A-Za-z0-9 _-]/g, '').replace(/\s+/g, '-');

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={t('orgs.data')}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('orgs.data')}
        </Title>
        <Text c="dimmed">{t('orgs.dataIntro')}</Text>
        <Group>
          <ButtonWithIcon
            icon={IconDownload}
            variant="light"
            onClick={() =>
              void downloadFile(
                callPath(ORG_DATA_API.export, { params: { id: organization.id } }),
                `${safeName || 'organization'}.zip`,
              )
            }
          >
            {t('orgData.download')}
          </ButtonWithIcon>
          {canErase && (
            <ButtonWithIcon icon={IconTrash} color="red" variant="light" onClick={() => setConfirming(true)}>
              {t('orgData.eraseOrganization')}
            </ButtonWithIcon>
          )}
        </Group>
      </Stack>
      <EraseOrganizationModal
        organization={organization}
        opened={confirming}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
