import { Button, Card, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../ui/error-alert';
import { PageLoader } from '../../ui/page-loader';
import { PageTitle } from '../../ui/page-title';
import { ErasePlayerPanel } from './erase-player-panel';
import { UserForm } from './user-form';
import type { UserKind } from './users-api';
import { useUser } from './users-api';

/**
 * `admin-users/edit-admin/{id}` and `players/edit-player/{id}`: the user form in edit mode. After a save
 * it goes back one page (SPEC §4). Another organization's id answers 404: the page shows the error,
 * never the user.
 */
export function EditUserPage({ kind }: { kind: UserKind }) {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const user = useUser(kind, id);
  const title = kind === 'admin' ? 'Edit Admin' : 'Edit Player';

  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Button
          variant="subtle"
          px={0}
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          onClick={() => navigate(-1)}
        >
          Back
        </Button>
      </div>
      <PageTitle>{title}</PageTitle>
      {user.isPending && user.fetchStatus !== 'idle' && <PageLoader label="Loading user" />}
      {(user.isError || !(id > 0)) && <ErrorAlert message={`Error: ${user.error?.message ?? 'Not found'}`} />}
      {user.data && (
        <Card withBorder radius="lg" padding="lg">
          <UserForm kind={kind} user={user.data} onDone={() => navigate(-1)} onCancel={() => navigate(-1)} />
        </Card>
      )}
      {user.data && kind === 'player' && <ErasePlayerPanel player={user.data} onDone={() => navigate(-1)} />}
    </Stack>
  );
}

export const EditAdminPage = () => <EditUserPage kind="admin" />;
export const EditPlayerPage = () => <EditUserPage kind="player" />;
