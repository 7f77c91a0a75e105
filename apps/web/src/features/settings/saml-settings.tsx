import {
  Anchor,
  Button,
  Card,
  Code,
  FileButton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useInputState } from '@mantine/hooks';
import type { OrgSaml } from '@playshop/shared';
import type { FormEvent } from 'react';
import { useT } from '../../i18n/locale-provider';
import { QueryStates } from '../../ui/query-states';
import { SettingsSave } from '../../ui/request-error';
import { toastSuccess } from '../../ui/toast';
import { type TextField, useTextField } from '../../ui/use-text-field';
import { useOrgSaml, useSaveOrgSaml } from './saml-api';

/**
 * Settings › Sign-in: the organization's SAML 2.0 single sign-on. What to give the identity provider
 * (or the metadata file to download), and its metadata by address or pasted. Account creation, the
 * role and password-off are the sign-in settings above, shared with OpenID Connect.
 */
export function SamlSettingsCard({ orgId }: { orgId: number }) {
  const t = useT();
  const saml = useOrgSaml(orgId);
  return (
    <Card withBorder radius="lg" padding="lg">
      <QueryStates query={saml} loading={t('signIn.settingsLoading')}>
        {(data, updatedAt) => <SamlForm key={updatedAt} orgId={orgId} saved={data} />}
      </QueryStates>
    </Card>
  );
}

const value = (label: string, text: string) => (
  <Text size="sm">
    {label} <Code>{text}</Code>
  </Text>
);

/** What to give the identity provider: this server's addresses, and its metadata file. */
function ServiceProviderDetails({ orgId, saved }: { orgId: number; saved: OrgSaml }) {
  const t = useT();
  return (
    <>
      <Title order={3}>{t('saml.title')}</Title>
      <Text size="sm">{t('saml.registerHelp')}</Text>
      {value(t('saml.entityId'), saved.spEntityId)}
      {value(t('saml.acsUrl'), saved.acsUrl)}
      {value(t('saml.sloUrl'), saved.sloUrl)}
      <Anchor href={saved.metadataUrl} download={`playshop-saml-${orgId}.xml`}>
        {t('saml.downloadMetadata')}
      </Anchor>
    </>
  );
}

/** The identity provider's metadata: by address, or a file chosen or pasted. */
function IdpMetadataFields({ metadataUrl, metadataXml }: { metadataUrl: TextField; metadataXml: TextField }) {
  const t = useT();
  return (
    <>
      <TextInput
        label={t('saml.metadataUrl')}
        description={t('saml.metadataUrlHelp')}
        placeholder="https://idp.example.org/metadata"
        {...metadataUrl}
      />
      <FileButton
        onChange={(file) => void file?.text().then(metadataXml.onChange)}
        accept=".xml,application/xml,text/xml,application/samlmetadata+xml"
      >
        {(props) => (
          <Button variant="default" style={{ alignSelf: 'flex-start' }} {...props}>
            {t('saml.chooseFile')}
          </Button>
        )}
      </FileButton>
      <Textarea
        label={t('saml.metadataXml')}
        description={t('saml.metadataXmlHelp')}
        autosize
        minRows={3}
        maxRows={8}
        {...metadataXml}
      />
    </>
  );
}

function SamlForm({ orgId, saved }: { orgId: number; saved: OrgSaml }) {
  const t = useT();
  const save = useSaveOrgSaml(orgId);
  const [enabled, setEnabled] = useInputState(saved.enabled);
  const metadataUrl = useTextField(saved.idpMetadataUrl ?? '');
  const metadataXml = useTextField('');

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        enabled,
        idpMetadataUrl: metadataUrl.value.trim() || null,
        ...(metadataXml.value.trim() ? { idpMetadataXml: metadataXml.value } : {}),
      },
      { onSuccess: () => toastSuccess(t('saml.saved')) },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <ServiceProviderDetails orgId={orgId} saved={saved} />
        <Switch label={t('saml.enabled')} checked={enabled} onChange={setEnabled} />
        <IdpMetadataFields metadataUrl={metadataUrl} metadataXml={metadataXml} />
        {saved.idpEntityId && (
          <Text size="sm" data-testid="saml-idp">
            {t('saml.providerRead', { entityId: saved.idpEntityId })}{' '}
            {saved.idpSloUrl ? t('saml.logoutOffered') : t('saml.logoutNotOffered')}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {t('saml.sharedRules')}
        </Text>
        <SettingsSave save={save} label={t('saml.save')} />
      </Stack>
    </form>
  );
}
