import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { type ContentReply, ZSessionName } from '@playshop/shared';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useT } from '../../i18n/locale-provider';
import { BackLink } from '../../ui/back-link';
import { ErrorAlert } from '../../ui/error-alert';
import { keepFieldFocus } from '../../ui/keep-focus';
import { keyText } from '../../ui/key-text';
import { LoadFailed } from '../../ui/load-failed';
import { PageLoader } from '../../ui/page-loader';
import { PageTitle } from '../../ui/page-title';
import { parseRouteId } from '../../ui/parse-route-id';
import { useZodForm } from '../../ui/use-zod-form';
import { SessionContentEditor } from './session-content-editor';
import { useEditSession, useWorkshopSession } from './workshops-api';

/** `{org}/admin/workshops/edit/{id}/session/{sessionId}`: name and ordered content, saved together. */
export function EditSessionPage() {
  const t = useT();
  const sessionId = parseRouteId(useParams().sessionId);
  const session = useWorkshopSession(sessionId);
  const save = useEditSession(sessionId ?? 0);
  const [items, setItems] = useState<ContentReply[]>([]);
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(ZSessionName, { defaultValues: { name: '' } });
  const { reset } = form;
  useEffect(() => {
    if (!session.data) return;
    reset({ name: session.data.name });
    setItems(session.data.sessionContent.map((e) => e.content));
  }, [session.data, reset]);

  const back = (
    <BackLink to="../.." relative="path">
      {t('workshops.back')}
    </BackLink>
  );
  if (sessionId === null || session.isError) {
    return (
      <LoadFailed
        title={t('workshops.editSession')}
        message={t('workshops.sessionNotFound')}
        back={<div>{back}</div>}
      />
    );
  }
  if (!session.data) return <PageLoader label={t('workshops.loadingSession')} showLabel />;

  const handleSave = form.handleSubmit(async ({ name }) => {
    if (items.length === 0) {
      setError(t('workshops.selectContent'));
      return;
    }
    setError(null);
    await save.mutateAsync({ name, content: items.map((c) => c.id) });
  });

  return (
    <Stack gap="lg">
      <PageTitle>{t('workshops.editSession')}</PageTitle>
      <form onSubmit={handleSave} noValidate>
        <Stack gap="md">
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={560}>
            <TextInput
              label={t('workshops.sessionName')}
              {...form.register('name')}
              error={keyText(form.formState.errors.name?.message)}
              maxLength={200}
            />
          </Paper>
          <SessionContentEditor
            title={t('workshops.content')}
            label={t('workshops.sessionContent')}
            items={items}
            onChange={setItems}
          />
          {error && <ErrorAlert message={error} />}
          <Group gap="sm">
            <Button type="submit" onMouseDown={keepFieldFocus} loading={save.isPending}>
              {t('workshops.save')}
            </Button>
            {back}
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
