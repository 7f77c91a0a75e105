import { Alert, Group, Image, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { GameContent, QuestionState } from '@playshop/shared';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { optionLabel, optionLetter, QUESTION_TEXTS } from '../shared/question-texts';
import classes from './question-answer.module.css';

/** What the player is told under the options, from what the server said. */
function Status({ content, question }: { content: GameContent; question: QuestionState }) {
  const answers = content.question?.answers ?? [];
  if (question.correct !== null) {
    const i = answers.findIndex((a) => a.id === question.correct);
    const correctText = i >= 0 ? QUESTION_TEXTS.correctIs(optionLabel(answers[i]!, i)) : null;
    const right = question.myAnswer === question.correct;
    const title =
      question.myAnswer === null
        ? QUESTION_TEXTS.noAnswer
        : right
          ? QUESTION_TEXTS.right
          : QUESTION_TEXTS.wrong;
    return (
      <Alert
        p="xs"
        color={question.myAnswer === null ? 'gray' : right ? 'teal' : 'red'}
        variant="light"
        icon={right ? <IconCheck aria-hidden /> : <IconX aria-hidden />}
      >
        <Text fw={700} c="dark.9">
          {title}
        </Text>
        {!right && correctText && <Text c="dark.9">{correctText}</Text>}
      </Alert>
    );
  }
  const text = question.closed
    ? QUESTION_TEXTS.closed
    : question.myAnswer !== null
      ? QUESTION_TEXTS.answerSent
      : QUESTION_TEXTS.pickAnswer;
  return (
    <Text size="sm" c="dark.6">
      {text}
    </Text>
  );
}

/**
 * A question as a player answers it in the live game: the options as big tiles, one pick that can
 * change until the facilitator closes the question, then right or wrong when the answer is
 * revealed. The server holds the answer; a tap shows at once and the server's `my_answer` confirms.
 */
export function QuestionAnswer({
  content,
  question,
  onAnswer,
}: {
  content: GameContent;
  question: QuestionState | null;
  onAnswer: (choice: number) => void;
}) {
  const confirmed = question?.myAnswer ?? null;
  // A tap holds until the server says anything about this player's answer, then the server's word counts.
  const [tap, setTap] = useState<{ choice: number; over: number | null } | null>(null);
  const tapped = tap && tap.over === confirmed ? tap.choice : null;
  const answers = content.question?.answers ?? [];
  const live = question?.contentId === content.id ? question : null;
  const closed = !live || live.closed;
  const picked = closed ? confirmed : (tapped ?? confirmed);
  const revealed = live?.correct ?? null;
  const counts = new Map((live?.tally ?? []).map((t) => [t.answerId, t.count]));
  return (
    <Stack gap="sm">
      <Title order={2} fz={{ base: 'lg', sm: 'xl' }}>
        {content.question?.question ?? content.title}
      </Title>
      <Stack gap={6} role="group" aria-label={QUESTION_TEXTS.pickAnswer}>
        {answers.map((answer, i) => {
          const isPicked = picked === answer.id;
          return (
            <UnstyledButton
              key={answer.id}
              className={classes.tile}
              aria-pressed={isPicked}
              disabled={closed}
              data-correct={(revealed !== null && answer.id === revealed) || undefined}
              data-wrong={(revealed !== null && isPicked && answer.id !== revealed) || undefined}
              onClick={() => {
                if (closed || isPicked) return;
                setTap({ choice: answer.id, over: confirmed });
                onAnswer(answer.id);
              }}
            >
              <Group gap="sm" wrap="nowrap">
                <span className={classes.mark} aria-hidden>
                  {optionLetter(i)}
                </span>
                <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                  {answer.url && (
                    <Image src={answer.url} alt={optionLabel(answer, i)} mah={120} fit="contain" />
                  )}
                  {answer.name && (
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {answer.name}
                    </Text>
                  )}
                </Stack>
                {revealed !== null && (
                  <Text size="sm" c="dark.6" style={{ flex: 'none' }}>
                    {QUESTION_TEXTS.answered(counts.get(answer.id) ?? 0)}
                  </Text>
                )}
              </Group>
            </UnstyledButton>
          );
        })}
      </Stack>
      <div aria-live="polite">{live && <Status content={content} question={live} />}</div>
    </Stack>
  );
}
