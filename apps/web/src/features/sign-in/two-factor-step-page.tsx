import { Alert, Anchor, Button, Checkbox, Stack, TextInput } from '@mantine/core';
import { type EnrolledLoginReply, TWO_FACTOR_REMEMBER_DAYS, type TwoFactorStep } from '@playshop/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { sessionFromReply } from '../../api/session-store';
import { useSessionStore } from '../../auth/auth-provider';
import { FormCard } from '../../ui/form-card';
import { EnrolTwoFactor } from './enrol-two-factor';
import { RecoveryCodes } from './recovery-codes';
import { useTwoFactorEnrolConfirm, useTwoFactorEnrolSetup, useTwoFactorVerify } from './sign-in-api';

const isStep = (value: unknown): value is TwoFactorStep =>
  typeof value === 'object' && value !== null && 'challenge' in value && 'twoFactor' in value;

/** `/two-factor-sign-in`: the second step of the organization login (the challenge in the route state). */
export function TwoFactorStepPage() {
  const { state } = useLocation();
  if (!isStep(state)) {
    return (
      <FormCard title="Two-factor sign-in">
        <Anchor component={Link} to="/admin-login">
          Sign in with your email and password first
        </Anchor>
      </FormCard>
    );
  }
  return state.twoFactor === 'verify' ? (
    <VerifyCode challenge={state.challenge} />
  ) : (
    <RequiredEnrolment challenge={state.challenge} />
  );
}

function VerifyCode({ challenge }: { challenge: string }) {
  const navigate = useNavigate();
  const verify = useTwoFactorVerify();
  const [code, setCode] = useState('');
  const [rememberDevice, setRememberDevice] = useState(false);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate(
      { challenge, code, rememberDevice },
      { onSuccess: () => navigate('/enter', { replace: true }) },
    );
  };
  return (
    <FormCard
      title="Two-factor sign-in"
      intro="Enter the 6-digit code from your authenticator app, or a recovery code."
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            size="md"
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
          <Checkbox
            label={`Remember this device for ${TWO_FACTOR_REMEMBER_DAYS} days`}
            checked={rememberDevice}
            onChange={(event) => setRememberDevice(event.currentTarget.checked)}
          />
          {verify.isError && (
            <Alert color="red" variant="light" role="alert">
              {verify.error.message}
            </Alert>
          )}
          <Button type="submit" size="md" fullWidth loading={verify.isPending}>
            Verify
          </Button>
        </Stack>
      </form>
    </FormCard>
  );
}

/** Two-factor is required of this account and not set up yet: set it up now, then sign in. */
function RequiredEnrolment({ challenge }: { challenge: string }) {
  const navigate = useNavigate();
  const store = useSessionStore();
  const setup = useTwoFactorEnrolSetup();
  const confirm = useTwoFactorEnrolConfirm();
  const [done, setDone] = useState<EnrolledLoginReply | null>(null);
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    setup.mutate(challenge);
  }, [setup, challenge]);

  if (done) {
    return (
      <FormCard title="Two-factor sign-in">
        <RecoveryCodes
          codes={done.recoveryCodes}
          onDone={() => {
            store.set(sessionFromReply(done));
            navigate('/enter', { replace: true });
          }}
        />
      </FormCard>
    );
  }
  return (
    <FormCard
      title="Set up two-factor sign-in"
      intro="Your organization requires a code from your phone at sign-in."
    >
      {setup.isError ? (
        <Alert color="red" variant="light" role="alert">
          {setup.error.message}
        </Alert>
      ) : (
        <EnrolTwoFactor
          setup={setup.data}
          confirming={confirm.isPending}
          error={confirm.isError ? confirm.error.message : null}
          onConfirm={(code) => confirm.mutate({ challenge, code }, { onSuccess: setDone })}
        />
      )}
    </FormCard>
  );
}
