import { Card, Group, Stack, Tabs, Text } from '@mantine/core';
import { can, isOrgExpired, type OrganizationReply } from '@playshop/shared';
import { useCurrentUser } from '../../auth/auth-provider';
import { BrandingPanel } from '../../features/organizations/branding-panel';
import { OrganizationDataPanel } from '../../features/organizations/organization-data-panel';
import { GENERAL_FIELDS, OrganizationForm } from '../../features/organizations/organization-form';
import { useOrganization } from '../../features/organizations/organizations-api';
import { LtiPanel } from '../../features/settings/lti-panel';
import { RetentionPanel } from '../../features/settings/retention-panel';
import { XapiSettingsPanel } from '../../features/settings/xapi-settings';
import { SignInSettingsPanel } from '../../features/sign-in/sign-in-settings-panel';
import { ProductLinksPanel } from '../../features/training/product-links-form';
import { TrainingSettingsPanel } from '../../features/training/training-settings-form';
import { useT } from '../../i18n/locale-provider';
import { ErrorAlert } from '../../ui/error-alert';
import { PageLoader } from '../../ui/page-loader';
import { PageTitle } from '../../ui/page-title';

/**
 * `{org}/admin/settings`: the caller's own organization in two tabs. General: contact details and the
 * roll animation and guest players (an admin may change them; the name only a super admin, as it is part of every
 * address). License: the expiry, which only a super admin changes.
 */
export function SettingsPage() {
  const t = useT();
  const actor = useCurrentUser();
  const org = useOrganization(actor?.orgId ?? 0);
  const isSuper = can(actor?.role, 'manageProductSettings');

  return (
    <Stack gap="lg" maw={900}>
      <PageTitle subtitle={org.data?.name}>{t('settings.title')}</PageTitle>
      {org.isPending && <PageLoader label={t('settings.loading')} />}
      {org.isError && <ErrorAlert message={t('common.error', { message: org.error.message })} />}
      {org.data && (
        <Tabs defaultValue="general" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="general">{t('settings.general')}</Tabs.Tab>
            <Tabs.Tab value="look">{t('settings.look')}</Tabs.Tab>
            <Tabs.Tab value="license">{t('settings.license')}</Tabs.Tab>
            <Tabs.Tab value="sign-in">{t('settings.signIn')}</Tabs.Tab>
            {can(actor?.role, 'editOwnOrganization') && (
              <Tabs.Tab value="xapi">{t('settings.xapi')}</Tabs.Tab>
            )}
            <Tabs.Tab value="lti">{t('settings.lti')}</Tabs.Tab>
            {/* Product-wide, not per organization: the super admin's alone. */}
            {isSuper && <Tabs.Tab value="training">{t('settings.training')}</Tabs.Tab>}
            {isSuper && <Tabs.Tab value="links">{t('settings.links')}</Tabs.Tab>}
          </Tabs.List>
          <Tabs.Panel value="general" pt="md">
            <GeneralTab organization={org.data} updatedAt={org.dataUpdatedAt} isSuper={isSuper} />
          </Tabs.Panel>
          <Tabs.Panel value="look" pt="md">
            <BrandingPanel orgId={org.data.id} />
          </Tabs.Panel>
          <Tabs.Panel value="license" pt="md">
            <LicenseTab organization={org.data} updatedAt={org.dataUpdatedAt} isSuper={isSuper} />
          </Tabs.Panel>
          <Tabs.Panel value="sign-in" pt="md">
            {actor && <SignInSettingsPanel orgId={org.data.id} orgName={org.data.name} role={actor.role} />}
          </Tabs.Panel>
          {can(actor?.role, 'editOwnOrganization') && (
            <Tabs.Panel value="xapi" pt="md">
              <XapiSettingsPanel orgId={org.data.id} />
            </Tabs.Panel>
          )}
          <Tabs.Panel value="lti" pt="md">
            <LtiPanel orgId={org.data.id} />
          </Tabs.Panel>
          {isSuper && (
            <Tabs.Panel value="training" pt="md">
              <TrainingSettingsPanel />
            </Tabs.Panel>
          )}
          {isSuper && (
            <Tabs.Panel value="links" pt="md">
              <Card withBorder radius="lg" padding="lg">
                <ProductLinksPanel />
              </Card>
            </Tabs.Panel>
          )}
        </Tabs>
      )}
      {org.data && can(actor?.role, 'editOwnOrganization') && <RetentionPanel orgId={org.data.id} />}
      {/* Issue 30: the organization's data on request (its admins download it; see organizations/). */}
      {org.data && can(actor?.role, 'exportOrganizationData') && (
        <OrganizationDataPanel organization={org.data} />
      )}
    </Stack>
  );
}

interface TabProps {
  organization: OrganizationReply;
  /** When the organization was fetched: a new fetch remounts the form with the saved values. */
  updatedAt: number;
  isSuper: boolean;
}

function GeneralTab({ organization, updatedAt, isSuper }: TabProps) {
  const t = useT();
  return (
    <Card withBorder radius="lg" padding="lg">
      <OrganizationForm
        key={`general-${updatedAt}`}
        organization={organization}
        fields={isSuper ? ['name', ...GENERAL_FIELDS.filter((f) => f !== 'allowGuests')] : GENERAL_FIELDS}
        submitLabel={t('common.save')}
      />
      {isSuper && (
        // Guests are a setting of the organization whose rooms they join: its admin sets it in
        // their Settings, a super admin under Organizations → Edit, a facilitator per room.
        <Text c="dimmed" size="sm" mt="md">
          {t('settings.guestsNote')}
        </Text>
      )}
    </Card>
  );
}

function LicenseTab({ organization, updatedAt, isSuper }: TabProps) {
  const t = useT();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Group gap="sm">
          <Text fw={600}>{t('settings.expiry')}</Text>
          <Text>{organization.expiry ?? t('organizations.noExpiry')}</Text>
          <Text fw={700}>
            {isOrgExpired(organization.expiry) ? t('settings.expired') : t('settings.active')}
          </Text>
        </Group>
        {isSuper ? (
          <OrganizationForm
            key={`license-${updatedAt}`}
            organization={organization}
            fields={['expiry']}
            submitLabel={t('common.save')}
          />
        ) : (
          <Text c="dimmed">{t('settings.licenseManaged')}</Text>
        )}
      </Stack>
    </Card>
  );
}
