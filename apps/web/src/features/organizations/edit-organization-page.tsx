import { ActionIcon, Card, Group, List, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { LANGUAGE_NAMES, type OrganizationReply } from '@playshop/shared';
import { IconPencil, IconPlus, IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useParams } from 'react-router';
import { useT } from '../../i18n/locale-provider';
import { BackLink } from '../../ui/back-link';
import { ButtonWithIcon } from '../../ui/button-with-icon';
import { ErrorAlert, ErrorText } from '../../ui/error-alert';
import { PageLoader } from '../../ui/page-loader';
import { PageTitle } from '../../ui/page-title';
import { BrandingPanel } from './branding-panel';
import { OrganizationDataPanel } from './organization-data-panel';
import { GENERAL_FIELDS, OrganizationForm } from './organization-form';
import {
  useLinkableWorkshops,
  useOrganization,
  useOrgWorkshopLink,
  useOrgWorkshops,
} from './organizations-api';

const ALL_FIELDS = ['name', 'expiry', ...GENERAL_FIELDS] as const;

/** `{org}/admin/organizations/editorg/{id}` (super admin): view or edit mode, and linked workshops. */
export function EditOrganizationPage() {
  const t = useT();
  const id = Number(useParams().id);
  const org = useOrganization(id);
  const [isEditing, setIsEditing] = useState(false);

  return (
    <Stack gap="lg" maw={900}>
      <div>
        <BackLink to="../.." relative="path" variant="subtle" px={0}>
          {t('orgs.title')}
        </BackLink>
      </div>
      <PageTitle style={{ overflowWrap: 'anywhere' }}>{org.data?.name ?? t('orgs.thing')}</PageTitle>
      {org.isPending && <PageLoader label={t('orgs.loading')} />}
      {org.isError && <ErrorAlert message={t('common.error', { message: org.error.message })} />}
      {org.data && (
        <>
          <Card withBorder radius="lg" padding="lg" component="section" aria-label={t('orgs.details')}>
            <Group justify="space-between" mb="md">
              <Title order={2} fz="lg">
                {t('orgs.details')}
              </Title>
              {!isEditing && (
                <ButtonWithIcon icon={IconPencil} variant="light" onClick={() => setIsEditing(true)}>
                  {t('common.edit')}
                </ButtonWithIcon>
              )}
            </Group>
            {isEditing ? (
              <OrganizationForm
                organization={org.data}
                fields={ALL_FIELDS}
                submitLabel={t('common.save')}
                onDone={() => setIsEditing(false)}
                onCancel={() => setIsEditing(false)}
              />
            ) : (
              <OrganizationDetails organization={org.data} />
            )}
          </Card>
          <BrandingPanel orgId={org.data.id} />
          <LinkedWorkshops organization={org.data} />
          <OrganizationDataPanel organization={org.data} />
        </>
      )}
    </Stack>
  );
}

function OrganizationDetails({ organization: o }: { organization: OrganizationReply }) {
  const t = useT();
  const rows: [string, string][] = [
    [t('orgs.name'), o.name],
    [t('orgs.expiry'), o.expiry ?? t('organizations.noExpiry')],
    [t('orgs.email'), o.email ?? '–'],
    [t('orgs.phone'), o.phone ?? '–'],
    [t('orgs.website'), o.website ?? '–'],
    [t('orgs.address'), o.address ?? '–'],
    [t('orgs.rollAnimation'), o.hideRollAnimation ? t('orgs.hidden') : t('orgs.shown')],
    [t('orgs.guestPlayers'), o.allowGuests ? t('orgs.allowed') : t('orgs.notAllowed')],
    [t('orgs.language'), LANGUAGE_NAMES[o.language]],
    [t('orgs.musicPlaylist'), o.musicPlaylistUrl ?? t('orgs.noneValue')],
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

function LinkedWorkshops({ organization }: { organization: OrganizationReply }) {
  const t = useT();
  const linked = useOrgWorkshops(organization.name);
  const linkable = useLinkableWorkshops(organization.id);
  const change = useOrgWorkshopLink(organization.id, organization.name);
  const [choice, setChoice] = useState<string | null>(null);
  const headingId = useId();

  const handleAdd = () => {
    if (!choice) return;
    change.mutate({ workshopId: Number(choice), link: true }, { onSuccess: () => setChoice(null) });
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="lg" mb="md" id={headingId}>
        {t('orgs.workshops')}
      </Title>
      <Stack gap="md">
        {linked.isPending && <PageLoader label={t('orgs.loadingWorkshops')} />}
        {linked.data?.length === 0 && <Text>{t('organizations.noWorkshops')}</Text>}
        {linked.data && linked.data.length > 0 && (
          <List spacing="xs" listStyleType="none" p={0}>
            {linked.data.map((workshop) => (
              <List.Item key={workshop.id}>
                <Group gap="xs" wrap="nowrap">
                  <Text style={{ overflowWrap: 'anywhere' }}>{workshop.name}</Text>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('orgs.removeWorkshop', { name: workshop.name })}
                    loading={change.isPending && change.variables?.workshopId === workshop.id}
                    onClick={() => change.mutate({ workshopId: workshop.id, link: false })}
                  >
                    <IconX size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <Select
            label={t('orgs.addWorkshop')}
            placeholder={
              linkable.data?.length === 0 ? t('orgs.everyWorkshopLinked') : t('orgs.selectWorkshop')
            }
            data={(linkable.data ?? []).map((w) => ({ value: String(w.id), label: w.name }))}
            value={choice}
            onChange={setChoice}
            searchable
            style={{ flex: 1, minWidth: 0 }}
          />
          <ButtonWithIcon
            icon={IconPlus}
            onClick={handleAdd}
            disabled={!choice}
            loading={change.isPending && change.variables?.link}
          >
            {t('orgs.addButton')}
          </ButtonWithIcon>
        </Group>
        <ErrorText message={change.error?.message} />
      </Stack>
    </Card>
  );
}
