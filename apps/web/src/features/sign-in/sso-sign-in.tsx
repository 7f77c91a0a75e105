import { Button, Divider, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useT } from '../../i18n/locale-provider';
import { RequestError } from '../../ui/request-error';
import { useTextField } from '../../ui/use-text-field';
import { useSsoOption, useStartSso } from './sign-in-api';

const KEY = 'playshop.ssoOrg';
/** The organization this browser last signed in with (a name, not a credential). */
const rememberedSsoOrg = {
  get: () => {
    try {
      return localStorage.getItem(KEY);
    } catch {
      return null;
    }
  },
  set: (org: string) => {
    try {
      localStorage.setItem(KEY, org);
    } catch {
      // No storage (private mode): the name is typed again next time.
    }
  },
};

/**
 * The organization login's single sign-on: "Sign in with <organization>" for `org` (the organization
 * that just refused a password), the organization the link names (`/admin-login?org=Acme`, the
 * address an admin hands out) or the one this browser last used; otherwise a field for its name.
 */
export function SsoSignIn({ org }: { org?: string }) {
  const [params] = useSearchParams();
  const [named] = useState(() => params.get('org') ?? rememberedSsoOrg.get());
  const option = useSsoOption(org ?? named);
  const start = useStartSso();
  const typed = useTextField('');
  const typedOrg = typed.value.trim();
  const t = useT();

  const begin = (org: string) => start.mutate(org, { onSuccess: () => rememberedSsoOrg.set(org) });
  const handleTyped = (event: FormEvent) => {
    event.preventDefault();
    if (typedOrg) begin(typedOrg);
  };

  return (
    <Stack gap="sm">
      <Divider label={t('signIn.or')} labelPosition="center" />
      {option.data ? (
        <Button
          variant="default"
          size="md"
          fullWidth
          loading={start.isPending}
          onClick={() => begin(option.data.org)}
        >
          {t('signIn.ssoButton', { org: option.data.org })}
        </Button>
      ) : (
        <form onSubmit={handleTyped} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t('signIn.organization')}
              description={t('signIn.organizationHelp')}
              autoComplete="organization"
              {...typed}
            />
            <Button type="submit" variant="default" fullWidth loading={start.isPending} disabled={!typedOrg}>
              {t('signIn.ssoButton', { org: typedOrg || t('signIn.yourOrganization') })}
            </Button>
          </Stack>
        </form>
      )}
      <RequestError request={start} />
    </Stack>
  );
}
