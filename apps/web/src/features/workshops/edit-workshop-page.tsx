import { Accordion, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { SessionReply } from '@playshop/shared';
import { IconPencil } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useT } from '../../i18n/locale-provider';
import { BackLink } from '../../ui/back-link';
import { ButtonWithIcon } from '../../ui/button-with-icon';
import { ConfirmDeleteDialog, useConfirmDelete } from '../../ui/confirm-delete';
import { DeleteButton } from '../../ui/delete-button';
import { LoadFailed } from '../../ui/load-failed';
import { PageLoader } from '../../ui/page-loader';
import { PageTitle } from '../../ui/page-title';
import { parseRouteId } from '../../ui/parse-route-id';
import { NameForm } from './name-form';
import { OrderedContentList } from './ordered-content-list';
import { useDeleteSession, useRenameWorkshop, useWorkshop } from './workshops-api';

/** `{org}/admin/workshops/edit/{id}`: rename; sessions with expandable content, Edit and Delete Session. */
export function EditWorkshopPage() {
  const t = useT();
  const id = parseRouteId(useParams().id);
  const workshop = useWorkshop(id);
  const rename = useRenameWorkshop();

  const back = (
    <BackLink to="../.." relative="path" w="fit-content">
      {t('workshops.backToWorkshops')}
    </BackLink>
  );

  if (id === null || workshop.isError) {
    return (
      <LoadFailed title={t('workshops.editWorkshop')} message={t('workshops.errorLoading')} back={back} />
    );
  }
  if (!workshop.data) return <PageLoader label={t('workshops.loadingWorkshop')} showLabel />;

  return (
    <Stack gap="lg" maw={880}>
      <PageTitle>{t('workshops.editWorkshop')}</PageTitle>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <NameForm
          kind="workshop"
          name={workshop.data.name}
          submitLabel={t('workshops.save')}
          loading={rename.isPending}
          onSubmit={(name) => rename.mutateAsync({ id, name })}
        />
      </Paper>

      <SessionList sessions={workshop.data.sessions} />
      {back}
    </Stack>
  );
}

/** The workshop's sessions, each expanding to its content, with Edit Session and Delete Session. */
function SessionList({ sessions }: { sessions: SessionReply[] }) {
  const t = useT();
  const removeSession = useDeleteSession();
  const confirmDelete = useConfirmDelete<SessionReply>((session) => removeSession.mutateAsync(session.id));
  return (
    <>
      <Title order={2} fz="lg">
        {t('workshops.sessions')}
      </Title>
      {sessions.length === 0 && <Text c="dimmed">{t('workshops.noSessions')}</Text>}
      <Accordion variant="separated" multiple>
        {sessions.map((session) => (
          <Accordion.Item key={session.id} value={String(session.id)}>
            <Accordion.Control>{`${session.orderIndex + 1}. ${session.name}`}</Accordion.Control>
            <Accordion.Panel>
              <Stack gap="sm">
                <OrderedContentList
                  label={t('workshops.sessionContentOf', { name: session.name })}
                  items={session.sessionContent.map((e) => e.content)}
                  emptyText={t('workshops.noContent')}
                />
                <Group gap="sm">
                  <ButtonWithIcon
                    icon={IconPencil}
                    component={Link}
                    to={`session/${session.id}`}
                    variant="light"
                    aria-label={t('workshops.editSessionOf', { name: session.name })}
                  >
                    {t('workshops.editSession')}
                  </ButtonWithIcon>
                  <DeleteButton
                    aria-label={t('workshops.deleteSessionOf', { name: session.name })}
                    onClick={() => confirmDelete.ask(session)}
                  >
                    {t('workshops.deleteSession')}
                  </DeleteButton>
                </Group>
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <ConfirmDeleteDialog
        state={confirmDelete}
        thing={t('workshops.sessionThing')}
        label={(session) => session.name}
      />
    </>
  );
}
