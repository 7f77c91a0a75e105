/** What the question screens say (the server's refusals are GAME_TEXTS). */
export const QUESTION_TEXTS = {
  pickAnswer: 'Pick your answer',
  answerSent: 'Answer sent: you can change it until the facilitator closes the question',
  closed: 'Answers are closed: wait for the reveal',
  noAnswer: 'You did not answer this one',
  right: 'You were right!',
  wrong: 'Not this time',
  correctIs: (answer: string) => `The correct answer: ${answer}`,
  answered: (n: number) => `${n} ${n === 1 ? 'answer' : 'answers'}`,
  tallyLabel: 'Answers so far',
  closeQuestion: 'Close answers',
  reveal: 'Reveal answer',
  points: 'Points',
  showPoints: 'Show the points on every screen',
  noPoints: 'No points yet this round',
  loadingPoints: 'Loading points…',
  scoreDetail: (correct: number, wins: number) =>
    `${correct} right · ${wins} ${wins === 1 ? 'bingo' : 'bingos'}`,
} as const;

/** An option's text; an answer that is only an image is named by its place. */
export const optionLabel = (answer: { name: string }, index: number): string =>
  answer.name || `Answer ${index + 1} (image)`;

/** Options are lettered A, B, C… on every screen, so a room can call them out. */
export const optionLetter = (index: number): string => String.fromCharCode(65 + index);
