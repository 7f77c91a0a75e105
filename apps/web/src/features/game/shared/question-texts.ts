import { t } from '../../../i18n/i18n';
import { liveTexts } from './texts';

/** What the question screens say (the server's refusals arrive as `game.<name>` keys). */
export const QUESTION_TEXTS = Object.assign(
  liveTexts('question', [
    'pickAnswer',
    'answerSent',
    'closed',
    'noAnswer',
    'right',
    'wrong',
    'tallyLabel',
    'points',
    'noPoints',
    'loadingPoints',
  ]),
  {
    correctIs: (answer: string) => t('question.correctIs', { answer }),
    answered: (n: number) => t('question.answered', { count: n }),
    scoreDetail: (correct: number, wins: number) => t('question.scoreDetail', { correct, wins }),
  },
);

/** An option's text; an answer that is only an image is named by its place. */
export const optionLabel = (answer: { name: string }, index: number): string =>
  answer.name || t('question.imageAnswer', { n: index + 1 });

/** Options are lettered A, B, C… on every screen, so a room can call them out. */
export const optionLetter = (index: number): string => String.fromCharCode(65 + index);
