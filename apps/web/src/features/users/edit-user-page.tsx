import { Card, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { useT } from '../../i18n/locale-provider';
import { ButtonWithIcon } from '../../ui/button-with-icon';
import { ErrorAlert } from '../../ui/error-alert';
import { PageLoader } from '../../ui/page-loader';
import { PageTitle } from '../../ui/page-title';
import { SignUserOutPanel } from '../sessions/sign-user-out-panel';
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
  const t = useT();
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const user = useUser(kind, id);
  const title = kind === 'admin' ? t('users.editAdmin') : t('users.editPlayer');

  return (
    <Stack gap="lg" maw={760}>
      <div>
        <ButtonWithIcon icon={IconArrowLeft} variant="subtle" px={0} onClick={() => navigate(-1)}>
          {t('common.back')}
        </ButtonWithIcon>
      </div>
      <PageTitle>{title}</PageTitle>
      {user.isPending && user.fetchStatus !== 'idle' && <PageLoader label={t('users.loading')} />}
      {(user.isError || !(id > 0)) && (
        <ErrorAlert message={t('common.error', { message: user.error?.message ?? t('common.notFound') })} />
      )}
      {user.data && (
        <Card withBorder radius="lg" padding="lg">
          <UserForm kind={kind} user={user.data} onDone={() => navigate(-1)} onCancel={() => navigate(-1)} />
        </Card>
      )}
      {user.data && <SignUserOutPanel user={user.data} />}
      {user.data && kind === 'player' && <ErasePlayerPanel player={user.data} onDone={() => navigate(-1)} />}
    </Stack>
  );
}

export const EditAdminPage = () => <EditUserPage kind="admin" />;
export const EditPlayerPage = () => <EditUserPage kind="player" />;
