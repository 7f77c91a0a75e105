import { Anchor, Button, Divider, Group, Text, TextInput } from '@mantine/core';
import { JOIN_TEXTS, normalizeJoinCode, VALIDATION } from '@playshop/shared';
import { IconInfoCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useParticipantLogin } from '../../auth/auth-api';
import { rememberedOrg } from '../../auth/remembered-org';
import { CardForm, FormCard } from '../../ui/form-card';

/**
 * `/`: a participant types the room code the facilitator shows (then a nickname or username on
 * /join/{code}), or signs in with their username. The username counts in one organization: typed
 * once, then remembered on this device so the form is the username alone (SPEC §2).
 */
export function PlayerLoginPage() {
  return (
    <FormCard
      title="PLAYER LOGIN"
      intro="Type the room code your facilitator shows, or sign in with your username."
    >
      <RoomCodeForm />
      <Divider label="or sign in with your username" labelPosition="center" />
      <UsernameForm />
      <Text size="sm" c="dimmed" component="div">
        <IconInfoCircle size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
        Facilitators and admins: please use the <strong>ORGANIZATION</strong> login at the top right.
      </Text>
    </FormCard>
  );
}

function RoomCodeForm() {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleJoin = (event: FormEvent) => {
    event.preventDefault();
    const normalized = normalizeJoinCode(code);
    if (!normalized) return setError(JOIN_TEXTS.codeRequired);
    navigate(`/join/${encodeURIComponent(normalized)}`);
  };

  return (
    <form onSubmit={handleJoin} noValidate>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          label="Room code"
          placeholder="ABC 234"
          style={{ flex: 1 }}
          size="md"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          error={error}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setError(null);
          }}
        />
        <Button type="submit" size="md" mt={27}>
          Join
        </Button>
      </Group>
    </form>
  );
}

function UsernameForm() {
  const navigate = useNavigate();
  const login = useParticipantLogin();
  const [savedOrg, setSavedOrg] = useState(() => rememberedOrg.get());
  const [org, setOrg] = useState('');
  const [username, setUsername] = useState('');
  const [errors, setErrors] = useState<{ org?: string; username?: string }>({});

  const handleLogin = (event: FormEvent) => {
    event.preventDefault();
    const organization = (savedOrg ?? org).trim();
    const next = {
      org: organization ? undefined : JOIN_TEXTS.organizationRequired,
      username: username.trim() ? undefined : VALIDATION.usernameRequired,
    };
    setErrors(next);
    if (next.org || next.username) return;
    login.mutate({ org: organization, username: username.trim() }, { onSuccess: () => navigate('/enter') });
  };

  return (
    <CardForm onSubmit={handleLogin} submit="Submit" pending={login.isPending}>
      {savedOrg ? (
        <Text size="sm">
          Organization: <strong>{savedOrg}</strong>{' '}
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setOrg(savedOrg);
              setSavedOrg(null);
            }}
          >
            Change
          </Anchor>
        </Text>
      ) : (
        <TextInput
          label="Organization"
          required
          autoComplete="organization"
          size="md"
          value={org}
          error={errors.org}
          onChange={(event) => setOrg(event.currentTarget.value)}
        />
      )}
      <TextInput
        label="Username"
        required
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        size="md"
        value={username}
        error={errors.username}
        onChange={(event) => setUsername(event.currentTarget.value)}
      />
    </CardForm>
  );
}
