import { Badge, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { GameContent, QuestionState } from '@playshop/shared';
import { IconEye, IconLock } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useT } from '../../../i18n/locale-provider';
import { ButtonWithIcon } from '../../../ui/button-with-icon';
import { ScriptPanel } from '../../content/display/script-panel';
import { optionLabel, QUESTION_TEXTS } from '../shared/question-texts';

// The chart library is loaded with the first question, not with the game screen.
const QuestionTally = lazy(() =>
  import('../shared/question-tally').then((m) => ({ default: m.QuestionTally })),
);

/** A label longer than a 320 px panel ('Antworten schließen') wraps onto a second line, not cut (issue 42). */
const WRAPPING = {
  root: { height: 'auto', minHeight: 'var(--button-height)' },
  inner: { paddingBlock: 6 },
  label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'start' },
} as const;

/**
 * The question on the facilitator's screen: the live tally as answers come, Close answers, then
 * Reveal answer (which closes too). The correct answer is known here only once revealed, like
 * everywhere else, so the projected control screen never gives it away.
 */
export function QuestionPanel({
  content,
  question,
  onClose,
  onReveal,
}: {
  content: GameContent;
  question: QuestionState | null;
  onClose: (contentId: number) => void;
  onReveal: (contentId: number) => void;
}) {
  const t = useT();
  const answers = content.question?.answers ?? [];
  const live = question?.contentId === content.id ? question : null;
  const answered = (live?.tally ?? []).reduce((n, option) => n + option.count, 0);
  const correctIndex = answers.findIndex((a) => a.id === live?.correct);
  // Two columns on a laptop: the question and its buttons beside the tally, all in view at once (issue 28).
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Stack gap="sm">
        {/* SPEC §2: the question view shows the script to staff, collapsed, as the other views do. */}
        <ScriptPanel script={content.script} />
        <Title order={3} fz="lg">
          {content.question?.question ?? content.title}
        </Title>
        <Group gap="xs">
          <Badge variant="light" color="blue" c="dark" size="lg">
            {QUESTION_TEXTS.answered(answered)}
          </Badge>
          {live?.closed && (
            <Badge variant="light" color="gray" c="dark" size="lg">
              {t('gameControl.questionClosed')}
            </Badge>
          )}
        </Group>
        {correctIndex >= 0 && (
          <Text fw={700}>{QUESTION_TEXTS.correctIs(optionLabel(answers[correctIndex]!, correctIndex))}</Text>
        )}
        {live && (
          <Group gap="sm">
            <ButtonWithIcon
              icon={IconLock}
              styles={WRAPPING}
              variant="default"
              disabled={live.closed}
              onClick={() => onClose(live.contentId)}
            >
              {t('gameControl.closeAnswers')}
            </ButtonWithIcon>
            <ButtonWithIcon
              icon={IconEye}
              styles={WRAPPING}
              disabled={live.correct !== null}
              onClick={() => onReveal(live.contentId)}
            >
              {t('gameControl.revealAnswer')}
            </ButtonWithIcon>
          </Group>
        )}
      </Stack>
      <div data-slot="facilitator-tally">
        <Suspense fallback={<Loader size="sm" aria-label={t('gameControl.loadingTally')} />}>
          <QuestionTally
            options={answers}
            tally={live?.tally ?? null}
            correct={live?.correct ?? null}
            height={140}
          />
        </Suspense>
      </div>
    </SimpleGrid>
  );
}
