import { Alert, Anchor, Button, Divider, Text, TextInput } from '@mantine/core';
import { can, formatJoinCode, type JoinInfo, VALIDATION } from '@playshop/shared';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useGuestLogin, useParticipantLogin } from '../../auth/auth-api';
import { useCurrentUser } from '../../auth/auth-provider';
import { useJoinInfo } from '../../features/rooms/rooms-api';
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
  return (
    <QueryBoundary
      query={useJoinInfo(code)}
      loading="Finding the room"
      failed={(error) => (
        <FormCard title="Join a room">
          <Alert color="red" title={error.message} role="alert">
            Check the code with your facilitator and type it again.
          </Alert>
          <Anchor component={Link} to="/">
            Back to the player login
          </Anchor>
        </FormCard>
      )}
    >
      {(info) => <JoinForms info={info} />}
    </QueryBoundary>
  );
}

function JoinForms({ info }: { info: JoinInfo }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const signedInHere = can(user?.role, 'openPlayerArea') && user?.orgId === info.orgId;

  return (
    <FormCard
      style={brandVars(info.branding)}
      band={<BrandBand branding={info.branding} />}
      title={info.roomName.toUpperCase()}
      intro={
        <>
          {info.org} · room code <strong>{formatJoinCode(info.code)}</strong>
        </>
      }
    >
      {!info.lobbyOpen && (
        <Alert color="yellow" title="Lobby not open">
          The facilitator has not opened this room's lobby yet. Keep this page: try again in a moment.
        </Alert>
      )}
      {signedInHere && (
        <Button size="md" onClick={() => navigate(roomPath(user.org, user.username, info.roomId))}>
          Continue as {user.username}
        </Button>
      )}
      {info.guestsAllowed && <GuestForm info={info} />}
      {info.guestsAllowed && <Divider label="or, if you have a username" labelPosition="center" />}
      <UsernameForm info={info} />
    </FormCard>
  );
}

function GuestForm({ info }: { info: JoinInfo }) {
  const navigate = useNavigate();
  const guest = useGuestLogin();
  const [nickname, setNickname] = useState('');
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
    <CardForm onSubmit={handleJoin} submit="Join as guest" pending={guest.isPending} gap="sm">
      <TextInput
        label="Nickname"
        description="The name the others will see"
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

  const handleLogin = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim()) return setError(VALIDATION.usernameRequired);
    setError(null);
    login.mutate(
      { code: info.code, username: username.trim() },
      { onSuccess: (reply) => navigate(roomPath(reply.org, reply.username, info.roomId)) },
    );
  };

  return (
    <CardForm
      onSubmit={handleLogin}
      submit="Sign in and join"
      pending={login.isPending}
      gap="sm"
      variant={info.guestsAllowed ? 'default' : 'filled'}
    >
      <TextInput
        label="Username"
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
