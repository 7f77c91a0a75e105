import { t } from '../../../i18n/i18n';

/** What the question screens say (the server's refusals are GAME_TEXTS). */
export const QUESTION_TEXTS = {
  // Getters: each read gives the active language's text (src/i18n; docs/i18n.md).
  get pickAnswer() {
    return t('question.pickAnswer');
  },
  get answerSent() {
    return t('question.answerSent');
  },
  get closed() {
    return t('question.closed');
  },
  get noAnswer() {
    return t('question.noAnswer');
  },
  get right() {
    return t('question.right');
  },
  get wrong() {
    return t('question.wrong');
  },
  correctIs: (answer: string) => t('question.correctIs', { answer }),
  answered: (n: number) => t('question.answered', { count: n }),
  get tallyLabel() {
    return t('question.tallyLabel');
  },
  get points() {
    return t('question.points');
  },
  get noPoints() {
    return t('question.noPoints');
  },
  get loadingPoints() {
    return t('question.loadingPoints');
  },
  scoreDetail: (correct: number, wins: number) => t('question.scoreDetail', { correct, wins }),
};

/** An option's text; an answer that is only an image is named by its place. */
export const optionLabel = (answer: { name: string }, index: number): string =>
  answer.name || t('question.imageAnswer', { n: index + 1 });

/** Options are lettered A, B, C… on every screen, so a room can call them out. */
export const optionLetter = (index: number): string => String.fromCharCode(65 + index);
