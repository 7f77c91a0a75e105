import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { type ContentReply, WORKSHOP_TEXTS, ZSessionName } from '@playshop/shared';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { BackLink } from '../../ui/back-link';
import { keepFieldFocus } from '../../ui/keep-focus';
import { PageLoader } from '../../ui/page-loader';
import { PageTitle } from '../../ui/page-title';
import { parseRouteId } from '../../ui/parse-route-id';
import { useZodForm } from '../../ui/use-zod-form';
import { SessionContentEditor } from './session-content-editor';
import { useEditSession, useWorkshopSession } from './workshops-api';

/** `{org}/admin/workshops/edit/{id}/session/{sessionId}`: name and ordered content, saved together. */
export function EditSessionPage() {
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
      Back
    </BackLink>
  );
  if (sessionId === null || session.isError) {
    return (
      <Stack gap="lg">
        <PageTitle>Edit Session</PageTitle>
        <Alert color="red" variant="light" role="alert">
          <Text c="red.9">{WORKSHOP_TEXTS.sessionNotFound}</Text>
        </Alert>
        <div>{back}</div>
      </Stack>
    );
  }
  if (!session.data) return <PageLoader label="Loading session" showLabel />;

  const handleSave = form.handleSubmit(async ({ name }) => {
    if (items.length === 0) {
      setError(WORKSHOP_TEXTS.selectContent);
      return;
    }
    setError(null);
    await save.mutateAsync({ name, content: items.map((c) => c.id) });
  });

  return (
    <Stack gap="lg">
      <PageTitle>Edit Session</PageTitle>
      <form onSubmit={handleSave} noValidate>
        <Stack gap="md">
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={560}>
            <TextInput
              label="Session Name"
              {...form.register('name')}
              error={form.formState.errors.name?.message}
              maxLength={200}
            />
          </Paper>
          <SessionContentEditor title="Content" label="Session content" items={items} onChange={setItems} />
          {error && (
            <Alert color="red" variant="light" role="alert">
              <Text c="red.9">{error}</Text>
            </Alert>
          )}
          <Group gap="sm">
            <Button type="submit" onMouseDown={keepFieldFocus} loading={save.isPending}>
              Save
            </Button>
            {back}
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
