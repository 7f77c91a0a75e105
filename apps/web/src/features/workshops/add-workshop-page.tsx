import { Alert, Button, Grid, Group, Paper, Stack, Stepper, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ContentReply, WORKSHOP_TEXTS, ZSessionName, ZWorkshopName } from '@playshop/shared';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { keepFieldFocus } from '../../ui/keep-focus';
import { PageTitle } from '../../ui/page-title';
import { useZodForm } from '../../ui/use-zod-form';
import { useCreateSession } from './api/use-create-session';
import { useCreateWorkshop } from './api/use-create-workshop';
import { ContentSelector } from './content-selector';
import { OrderedContentList } from './ordered-content-list';

const LAST_STEP = 2;

/**
 * `{org}/admin/workshops/add-workshop`: the three-step builder of SPEC §2/§4. Step one creates the
 * workshop; each pass through steps two and three saves one session after the previous ones.
 */
export function AddWorkshopPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [workshop, setWorkshop] = useState<{ id: number; name: string } | null>(null);
  const [sessionName, setSessionName] = useState('');
  const [selected, setSelected] = useState<ContentReply[]>([]);
  const [savedCount, setSavedCount] = useState(0);
  const [isSaved, setIsSaved] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const createWorkshop = useCreateWorkshop();
  const createSession = useCreateSession();

  const workshopForm = useZodForm(ZWorkshopName, { defaultValues: { name: '' } });
  const sessionForm = useZodForm(ZSessionName, { defaultValues: { name: '' } });

  const canGoNext = step < LAST_STEP && (step === 0 ? workshop !== null : sessionName !== '');
  const canGoBack = step > 0 && !isSaved;

  const handleCreateWorkshop = workshopForm.handleSubmit(async ({ name }) => {
    setWorkshop(await createWorkshop.mutateAsync(name));
    setStep(1);
  });
  const handleCreateSession = sessionForm.handleSubmit(({ name }) => setSessionName(name));

  const handleSaveSession = async () => {
    if (!workshop) return;
    if (selected.length === 0) {
      setSaveError(WORKSHOP_TEXTS.selectContent);
      return;
    }
    setSaveError(null);
    await createSession.mutateAsync({
      workshopId: workshop.id,
      name: sessionName,
      content: selected.map((c) => c.id),
    });
    setSavedCount((n) => n + 1);
    setIsSaved(true);
  };

  /** After a save: the order index moves on, and the name and selection start empty. */
  const handleAnotherSession = () => {
    setSessionName('');
    sessionForm.reset({ name: '' });
    setSelected([]);
    setIsSaved(false);
    setStep(1);
  };
  const isPhone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const handleFinish = () => navigate(workshop ? `../edit/${workshop.id}` : '..', { relative: 'path' });

  return (
    <Stack gap="lg">
      <PageTitle subtitle={workshop ? `Workshop: ${workshop.name}` : undefined}>Add Workshop</PageTitle>
      {/* On a phone the steps stack, each under the last, with the step's page below them. */}
      <Stepper
        active={step}
        allowNextStepsSelect={false}
        size="sm"
        wrap
        orientation={isPhone ? 'vertical' : 'horizontal'}
      >
        <Stepper.Step label="Create Workshop">
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={560}>
            {workshop ? (
              <Text>{`Workshop "${workshop.name}" created.`}</Text>
            ) : (
              <form onSubmit={handleCreateWorkshop} noValidate>
                <Stack gap="md">
                  <TextInput
                    label="Workshop Name"
                    {...workshopForm.register('name')}
                    error={workshopForm.formState.errors.name?.message}
                    maxLength={200}
                  />
                  <Group justify="flex-end">
                    <Button type="submit" onMouseDown={keepFieldFocus} loading={createWorkshop.isPending}>
                      Submit
                    </Button>
                  </Group>
                </Stack>
              </form>
            )}
          </Paper>
        </Stepper.Step>

        <Stepper.Step label="Create Session">
          <Stack gap="md">
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={560}>
              <Text size="sm" c="dimmed" mb="xs">{`Session ${savedCount + 1}`}</Text>
              <form onSubmit={handleCreateSession} noValidate>
                <Stack gap="md">
                  <TextInput
                    label="Session Name"
                    {...sessionForm.register('name')}
                    error={sessionForm.formState.errors.name?.message}
                    maxLength={200}
                  />
                  <Group justify="flex-end">
                    <Button type="submit" onMouseDown={keepFieldFocus}>
                      {sessionName ? 'Rename' : 'Create'}
                    </Button>
                  </Group>
                </Stack>
              </form>
            </Paper>
            {sessionName && (
              <Grid gutter="md">
                <Grid.Col span={{ base: 12, md: 7 }}>
                  <ContentSelector
                    selectedIds={selected.map((c) => c.id)}
                    onAdd={(item) =>
                      setSelected((list) => (list.some((c) => c.id === item.id) ? list : [...list, item]))
                    }
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 5 }}>
                  <Paper withBorder radius="md" p="md">
                    <Title order={3} fz="md" mb="sm">
                      {`Content List: ${sessionName}`}
                    </Title>
                    <OrderedContentList label="Content List" items={selected} onChange={setSelected} />
                  </Paper>
                </Grid.Col>
              </Grid>
            )}
          </Stack>
        </Stepper.Step>

        <Stepper.Step label="Save Session">
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={720}>
            <Stack gap="md">
              <Title order={2} fz="lg">
                Session Review
              </Title>
              <Text>
                <Text span fw={600}>
                  Session Name:{' '}
                </Text>
                {sessionName}
              </Text>
              <OrderedContentList label="Session content" items={selected} />
              {saveError && (
                <Alert color="red" variant="light" role="alert">
                  <Text c="red.9">{saveError}</Text>
                </Alert>
              )}
              {isSaved ? (
                <Group gap="sm">
                  <Button onClick={handleAnotherSession}>Add Another Session?</Button>
                  <Button variant="default" onClick={handleFinish}>
                    Finish Workshop
                  </Button>
                </Group>
              ) : (
                <Button onClick={handleSaveSession} loading={createSession.isPending} w="fit-content">
                  Save Session
                </Button>
              )}
            </Stack>
          </Paper>
        </Stepper.Step>
      </Stepper>

      <Group justify="space-between" maw={720}>
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          disabled={!canGoBack}
          onClick={() => setStep((s) => Math.max(0, s - 1))}
        >
          Back
        </Button>
        <Button
          rightSection={<IconArrowRight size={16} aria-hidden />}
          disabled={!canGoNext}
          onClick={() => setStep((s) => Math.min(LAST_STEP, s + 1))}
        >
          Next
        </Button>
      </Group>
    </Stack>
  );
}
