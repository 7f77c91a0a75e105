import { Alert, Image, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import type { GameAnswer, GameContent } from '@playshop/shared';
import { useState } from 'react';
import { useT } from '../../../i18n/locale-provider';
import classes from './display.module.css';
import { ContentHeading } from './script-panel';

/**
 * Whether an answer is correct, when the content came with its key (the library's, never a game
 * frame): only staff see the verdict, so its texts are in the staff catalogue.
 */
const correctness = (answer: GameAnswer | undefined): boolean | null =>
  answer && 'isCorrect' in answer && typeof answer.isCorrect === 'boolean' ? answer.isCorrect : null;

/** SPEC §2 Question view: script, the question as a heading and answer tiles (text and/or image). */
export function QuestionView({ content }: { content: GameContent }) {
  const t = useT();
  const [picked, setPicked] = useState<number | null>(null);
  const answers = content.question?.answers ?? [];
  const isCorrect = correctness(answers.find((a) => a.id === picked));
  return (
    <Stack gap="md">
      <ContentHeading script={content.script}>{content.question?.question ?? content.title}</ContentHeading>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {answers.map((answer, index) => (
          <UnstyledButton
            key={answer.id}
            className={classes.tile}
            data-picked={picked === answer.id || undefined}
            aria-pressed={picked === answer.id}
            onClick={() => setPicked(answer.id)}
          >
            <Stack gap={6} align="center">
              {answer.url && (
                <Image
                  src={answer.url}
                  alt={answer.name || t('question.imageAnswer', { n: index + 1 })}
                  mah={140}
                  fit="contain"
                />
              )}
              {answer.name && <Text fw={600}>{answer.name}</Text>}
            </Stack>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <div aria-live="polite">
        {isCorrect !== null && (
          <Alert color={isCorrect ? 'green' : 'red'} variant="light">
            <Text fw={700} c="dark.9">
              {isCorrect ? t('content.correctAnswer') : t('content.wrongAnswer')}
            </Text>
          </Alert>
        )}
      </div>
    </Stack>
  );
}
