import { Alert, Anchor, Button, Divider, Text, TextInput } from '@mantine/core';
import { can, formatJoinCode, type JoinInfo } from '@playshop/shared';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useParticipantLogin } from '../../auth/auth-api';
import { useCurrentUser } from '../../auth/auth-provider';
import { useGuestLogin } from '../../auth/guest-login-api';
import { useJoinInfo } from '../../features/rooms/rooms-api';
import { LanguageMenu } from '../../i18n/language-menu';
import { useRoomLanguage, useT } from '../../i18n/locale-provider';
import { BrandBand, brandVars } from '../../ui/brand-frame';
import { CardForm, FormCard } from '../../ui/form-card';
import { QueryBoundary } from '../../ui/query-boundary';

const roomPath = (org: string, username: string, roomId: number) =>
  `/${encodeURIComponent(org)}/${encodeURIComponent(username)}/play-game/${roomId}`;

/**
 * `/join/{code}`: where the QR code and the join link lead. A guest types a nickname (where the
 * organization allows guests), a player their username; both land on the room's join screen.
 */
export function JoinPage() {
  const code = useParams().code ?? '';
  const query = useJoinInfo(code);
  const t = useT();
  // Before the room is known the browser's language; then the room's (a device's own choice wins).
  useRoomLanguage(query.data?.language);
  return (
    <>
      <QueryBoundary
        query={query}
        loading={t('join.finding')}
        failed={(error) => (
          <FormCard title={t('join.title')}>
            <Alert color="red" title={error.message} role="alert">
              {t('join.checkCode')}
            </Alert>
            <Anchor component={Link} to="/">
              {t('join.backToLogin')}
            </Anchor>
          </FormCard>
        )}
      >
        {(info) => <JoinForms info={info} />}
      </QueryBoundary>
      <LanguageMenu />
    </>
  );
}

function JoinForms({ info }: { info: JoinInfo }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const signedInHere = can(user?.role, 'openPlayerArea') && user?.orgId === info.orgId;
  const t = useT();

  return (
    <FormCard
      style={brandVars(info.branding)}
      band={<BrandBand branding={info.branding} />}
      title={info.roomName.toUpperCase()}
      intro={
        <>
          {info.org} · {t('join.roomCode')} <strong>{formatJoinCode(info.code)}</strong>
        </>
      }
    >
      {!info.lobbyOpen && (
        <Alert color="yellow" title={t('game.lobbyNotOpen')}>
          {t('join.lobbyNotOpenYet')}
        </Alert>
      )}
      {signedInHere && (
        <Button size="md" onClick={() => navigate(roomPath(user.org, user.username, info.roomId))}>
          {t('join.continueAs', { name: user.username })}
        </Button>
      )}
      {info.guestsAllowed && <GuestForm info={info} />}
      {info.guestsAllowed && <Divider label={t('join.orUsername')} labelPosition="center" />}
      <UsernameForm info={info} />
    </FormCard>
  );
}

function GuestForm({ info }: { info: JoinInfo }) {
  const navigate = useNavigate();
  const guest = useGuestLogin();
  const [nickname, setNickname] = useState('');
  const t = useT();
  const fieldError =
    guest.error instanceof ApiError && guest.error.field === 'nickname' ? guest.error.message : undefined;
  const otherError = guest.error && !fieldError ? guest.error.message : undefined;

  const handleJoin = (event: FormEvent) => {
    event.preventDefault();
    guest.mutate(
      { code: info.code, nickname },
      { onSuccess: (reply) => navigate(roomPath(reply.org, reply.username, reply.roomId)) },
    );
  };

  return (
    <CardForm onSubmit={handleJoin} submit={t('join.asGuest')} pending={guest.isPending} gap="sm">
      <TextInput
        label={t('join.nickname')}
        description={t('join.nicknameHint')}
        required
        size="md"
        maxLength={24}
        autoComplete="nickname"
        value={nickname}
        error={fieldError}
        onChange={(event) => setNickname(event.currentTarget.value)}
      />
      {otherError && (
        <Text c="red.9" role="alert">
          {otherError}
        </Text>
      )}
    </CardForm>
  );
}

function UsernameForm({ info }: { info: JoinInfo }) {
  const navigate = useNavigate();
  const login = useParticipantLogin({ toastOnError: false });
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);
  const t = useT();

  const handleLogin = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim()) return setError(t('validation.usernameRequired'));
    setError(null);
    login.mutate(
      { code: info.code, username: username.trim() },
      { onSuccess: (reply) => navigate(roomPath(reply.org, reply.username, info.roomId)) },
    );
  };

  return (
    <CardForm
      onSubmit={handleLogin}
      submit={t('join.signInAndJoin')}
      pending={login.isPending}
      gap="sm"
      variant={info.guestsAllowed ? 'default' : 'filled'}
    >
      <TextInput
        label={t('join.username')}
        required
        size="md"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={username}
        error={error ?? login.error?.message}
        onChange={(event) => setUsername(event.currentTarget.value)}
      />
    </CardForm>
  );
}
