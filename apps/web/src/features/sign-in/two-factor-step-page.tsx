import { Anchor, Checkbox, TextInput } from '@mantine/core';
import { type EnrolledLoginReply, TWO_FACTOR_REMEMBER_DAYS, type TwoFactorStep } from '@playshop/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { sessionFromReply } from '../../api/session-store';
import { useSessionStore } from '../../auth/auth-provider';
import { useT } from '../../i18n/locale-provider';
import { CardForm, FormCard } from '../../ui/form-card';
import { RequestError } from '../../ui/request-error';
import { EnrolTwoFactor } from './enrol-two-factor';
import { RecoveryCodes } from './recovery-codes';
import { useTwoFactorEnrolConfirm, useTwoFactorEnrolSetup, useTwoFactorVerify } from './sign-in-api';

const isStep = (value: unknown): value is TwoFactorStep =>
  typeof value === 'object' && value !== null && 'challenge' in value && 'twoFactor' in value;

/** `/two-factor-sign-in`: the second step of the organization login (the challenge in the route state). */
export function TwoFactorStepPage() {
  const { state } = useLocation();
  const t = useT();
  if (!isStep(state)) {
    return (
      <FormCard title={t('signIn.twoFactorTitle')}>
        <Anchor component={Link} to="/admin-login">
          {t('signIn.passwordFirst')}
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
  const t = useT();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate(
      { challenge, code, rememberDevice },
      { onSuccess: () => navigate('/enter', { replace: true }) },
    );
  };
  return (
    <FormCard title={t('signIn.twoFactorTitle')} intro={t('signIn.codeIntro')}>
      <CardForm onSubmit={handleSubmit} submit={t('signIn.verify')} pending={verify.isPending}>
        <TextInput
          label={t('signIn.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          size="md"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Checkbox
          label={t('signIn.rememberDevice', { days: TWO_FACTOR_REMEMBER_DAYS })}
          checked={rememberDevice}
          onChange={(event) => setRememberDevice(event.currentTarget.checked)}
        />
        <RequestError request={verify} />
      </CardForm>
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
  const t = useT();

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    setup.mutate(challenge);
  }, [setup, challenge]);

  if (done) {
    return (
      <FormCard title={t('signIn.twoFactorTitle')}>
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
    <FormCard title={t('signIn.setUp')} intro={t('signIn.requiredIntro')}>
      {setup.isError ? (
        <RequestError request={setup} />
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
