import { Anchor, Button, Divider, Group, Text, TextInput } from '@mantine/core';
import { normalizeJoinCode } from '@playshop/shared';
import { IconInfoCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useParticipantLogin } from '../../auth/auth-api';
import { rememberedOrg } from '../../auth/remembered-org';
import { useT } from '../../i18n/locale-provider';
import { CardForm, FormCard } from '../../ui/form-card';

/**
 * `/`: a participant types the room code the facilitator shows (then a nickname or username on
 * /join/{code}), or signs in with their username. The username counts in one organization: typed
 * once, then remembered on this device so the form is the username alone (SPEC §2).
 */
export function PlayerLoginPage() {
  const t = useT();
  // The hint names the top bar's link as it reads in this language (ORGANISATION in German).
  const [before, after] = t('login.staffHint', { button: '\u0000' }).split('\u0000');
  return (
    <FormCard title={t('login.title')} intro={t('login.intro')}>
      <RoomCodeForm />
      <Divider label={t('login.orUsername')} labelPosition="center" />
      <UsernameForm />
      <Text size="sm" c="dimmed" component="div">
        <IconInfoCircle size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginInlineEnd: 6 }} />
        {before}
        <strong>{t('frame.organization')}</strong>
        {after}
      </Text>
    </FormCard>
  );
}

function RoomCodeForm() {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const t = useT();

  const handleJoin = (event: FormEvent) => {
    event.preventDefault();
    const normalized = normalizeJoinCode(code);
    if (!normalized) return setError(t('login.codeRequired'));
    navigate(`/join/${encodeURIComponent(normalized)}`);
  };

  return (
    <form onSubmit={handleJoin} noValidate>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          label={t('presenter.roomCode')}
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
          {t('player.join')}
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
  const t = useT();

  const handleLogin = (event: FormEvent) => {
    event.preventDefault();
    const organization = (savedOrg ?? org).trim();
    const next = {
      org: organization ? undefined : t('login.orgRequired'),
      username: username.trim() ? undefined : t('validation.usernameRequired'),
    };
    setErrors(next);
    if (next.org || next.username) return;
    login.mutate({ org: organization, username: username.trim() }, { onSuccess: () => navigate('/enter') });
  };

  return (
    <CardForm onSubmit={handleLogin} submit={t('login.submit')} pending={login.isPending}>
      {savedOrg ? (
        <Text size="sm">
          {t('login.organizationIs')} <strong>{savedOrg}</strong>{' '}
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setOrg(savedOrg);
              setSavedOrg(null);
            }}
          >
            {t('login.change')}
          </Anchor>
        </Text>
      ) : (
        <TextInput
          label={t('login.organization')}
          required
          autoComplete="organization"
          size="md"
          value={org}
          error={errors.org}
          onChange={(event) => setOrg(event.currentTarget.value)}
        />
      )}
      <TextInput
        label={t('join.username')}
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
