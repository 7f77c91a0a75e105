import { Button, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ContentReply } from '@playshop/shared';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/locale-provider';
import { ButtonWithIcon } from '../../ui/button-with-icon';
import { ErrorAlert } from '../../ui/error-alert';
import { PageTitle } from '../../ui/page-title';
import { NameForm } from './name-form';
import { OrderedContentList } from './ordered-content-list';
import { SessionContentEditor } from './session-content-editor';
import { useCreateSession, useCreateWorkshop } from './workshops-api';

const LAST_STEP = 2;

/**
 * The builder's state: the step, the created workshop, the session being put together, and the
 * saves. Step one creates the workshop; each pass through steps two and three saves one session.
 */
function useWorkshopWizard() {
  const t = useT();
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

  const handleCreateWorkshop = async (name: string) => {
    setWorkshop(await createWorkshop.mutateAsync(name));
    setStep(1);
  };

  const handleSaveSession = async () => {
    if (!workshop) return;
    if (selected.length === 0) {
      setSaveError(t('workshops.selectContent'));
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
    setSelected([]);
    setIsSaved(false);
    setStep(1);
  };

  return {
    step,
    workshop,
    sessionName,
    setSessionName,
    selected,
    setSelected,
    savedCount,
    isSaved,
    saveError,
    isCreatingWorkshop: createWorkshop.isPending,
    isSavingSession: createSession.isPending,
    canGoNext: step < LAST_STEP && (step === 0 ? workshop !== null : sessionName !== ''),
    canGoBack: step > 0 && !isSaved,
    back: () => setStep((s) => Math.max(0, s - 1)),
    next: () => setStep((s) => Math.min(LAST_STEP, s + 1)),
    handleCreateWorkshop,
    handleSaveSession,
    handleAnotherSession,
    handleFinish: () => navigate(workshop ? `../edit/${workshop.id}` : '..', { relative: 'path' }),
  };
}

type WorkshopWizard = ReturnType<typeof useWorkshopWizard>;

/** `{org}/admin/workshops/add-workshop`: the three-step builder of SPEC §2/§4. */
export function AddWorkshopPage() {
  const t = useT();
  const wizard = useWorkshopWizard();
  const { workshop } = wizard;
  const isPhone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });

  return (
    <Stack gap="lg">
      <PageTitle subtitle={workshop ? t('workshops.workshopSubtitle', { name: workshop.name }) : undefined}>
        {t('workshops.add')}
      </PageTitle>
      {/* On a phone the steps stack, each under the last, with the step's page below them. */}
      <Stepper
        active={wizard.step}
        allowNextStepsSelect={false}
        size="sm"
        wrap
        orientation={isPhone ? 'vertical' : 'horizontal'}
      >
        <Stepper.Step label={t('workshops.stepCreateWorkshop')}>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={560}>
            {workshop ? (
              <Text>{t('workshops.workshopCreated', { name: workshop.name })}</Text>
            ) : (
              <NameForm
                kind="workshop"
                submitLabel={t('workshops.submit')}
                loading={wizard.isCreatingWorkshop}
                onSubmit={wizard.handleCreateWorkshop}
              />
            )}
          </Paper>
        </Stepper.Step>

        <Stepper.Step label={t('workshops.stepCreateSession')}>
          <SessionStep wizard={wizard} />
        </Stepper.Step>

        <Stepper.Step label={t('workshops.stepSaveSession')}>
          <SessionReview
            sessionName={wizard.sessionName}
            items={wizard.selected}
            error={wizard.saveError}
            isSaved={wizard.isSaved}
            saving={wizard.isSavingSession}
            onSave={wizard.handleSaveSession}
            onAnother={wizard.handleAnotherSession}
            onFinish={wizard.handleFinish}
          />
        </Stepper.Step>
      </Stepper>

      <Group justify="space-between" maw={720}>
        <ButtonWithIcon
          icon={IconArrowLeft}
          variant="default"
          disabled={!wizard.canGoBack}
          onClick={wizard.back}
        >
          {t('workshops.back')}
        </ButtonWithIcon>
        <Button
          rightSection={<IconArrowRight size={16} aria-hidden />}
          disabled={!wizard.canGoNext}
          onClick={wizard.next}
        >
          {t('workshops.next')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Step two: the session's name, then its content once it has one. */
function SessionStep({ wizard }: { wizard: WorkshopWizard }) {
  const t = useT();
  const { sessionName } = wizard;
  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={560}>
        <Text size="sm" c="dimmed" mb="xs">
          {t('workshops.sessionNumber', { number: wizard.savedCount + 1 })}
        </Text>
        <NameForm
          kind="session"
          name={sessionName}
          submitLabel={sessionName ? t('workshops.rename') : t('workshops.create')}
          onSubmit={wizard.setSessionName}
        />
      </Paper>
      {sessionName && (
        <SessionContentEditor
          title={t('workshops.contentListOf', { name: sessionName })}
          label={t('workshops.contentList')}
          items={wizard.selected}
          onChange={wizard.setSelected}
        />
      )}
    </Stack>
  );
}

interface SessionReviewProps {
  sessionName: string;
  items: ContentReply[];
  error: string | null;
  isSaved: boolean;
  saving: boolean;
  onSave: () => void;
  onAnother: () => void;
  onFinish: () => void;
}

/** Step three: the session as it will be saved, then the way on (another session, or finish). */
function SessionReview({
  sessionName,
  items,
  error,
  isSaved,
  saving,
  onSave,
  onAnother,
  onFinish,
}: SessionReviewProps) {
  const t = useT();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={720}>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('workshops.sessionReview')}
        </Title>
        <Text>
          <Text span fw={600}>
            {t('workshops.sessionNameLabel')}{' '}
          </Text>
          {sessionName}
        </Text>
        <OrderedContentList label={t('workshops.sessionContent')} items={items} />
        {error && <ErrorAlert message={error} />}
        {isSaved ? (
          <Group gap="sm">
            <Button onClick={onAnother}>{t('workshops.addAnotherSession')}</Button>
            <Button variant="default" onClick={onFinish}>
              {t('workshops.finishWorkshop')}
            </Button>
          </Group>
        ) : (
          <Button onClick={onSave} loading={saving} w="fit-content">
            {t('workshops.saveSession')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
