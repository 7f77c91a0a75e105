import { Paper, Stack, Text } from '@mantine/core';
import { BINGO_MAX_NUMBER, type GameContent } from '@playshop/shared';
import { memo } from 'react';
import { useT } from '../../../i18n/locale-provider';
import { ContentView } from '../../content/display/content-view';
import { QuestionSlot } from '../../content/display/question-slot';
import { Ball } from '../shared/ball';
import { Countdown } from '../shared/countdown';
import type { GameState } from '../shared/game-reducer';
import { type GameStore, useGame, useWholeGame } from '../shared/game-store';
import { RollAnimation, rollTumbles } from '../shared/roll-animation';
import { SCREEN_TEXTS } from '../shared/texts';
import { RoundWinScreen, showsWin } from '../shared/win-screen';
import classes from './centre-panel.module.css';
import { QuestionPanel } from './question-panel';
import { RolledBallsModal } from './rolled-balls-modal';

/** The content sent, if any, with a question's tally and its buttons: it renders when they change. */
function SentContent({ store, onCloseQuestion, onRevealAnswer }: Omit<CentreProps, 'onCloseWin'>) {
  const content = useGame(store, (state) => state.content);
  const question = useGame(store, (state) => state.question);
  const t = useT();
  if (!content) return null;
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed" mb="xs">
        {t('gameControl.sentContent', { title: content.title })}
      </Text>
      <QuestionSlot.Provider
        value={(sent: GameContent) => (
          <QuestionPanel
            content={sent}
            question={question}
            onClose={onCloseQuestion}
            onReveal={onRevealAnswer}
          />
        )}
      >
        <ContentView content={content} />
      </QuestionSlot.Provider>
    </Paper>
  );
}

/**
 * The last three balls, how many are out and 'Show Rolled Balls': memoised, in plain elements with
 * the classes of Mantine's Group and Text, as it renders with every roll (issue 46).
 */
function RolledSummary({ store }: { store: GameStore }) {
  const t = useT();
  const rolls = useGame(store, (state) => state.bingoRolls);
  const lastThree = rolls.slice(-3).reverse();
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a labelled group of balls, as Mantine's Group was */}
      <div className={classes.row} aria-label={t('gameControl.lastThreeBalls')} role="group">
        {lastThree.length === 0 && (
          <p className={`${classes.text} ${classes.dimmed}`}>{SCREEN_TEXTS.noBallsYet}</p>
        )}
        {lastThree.map((n) => (
          <Ball key={n} number={n} size={rolls.length >= 10 ? 'sm' : 'md'} />
        ))}
      </div>
      <div className={classes.row}>
        <p className={`${classes.text} ${classes.small}`}>
          {t('gameControl.rolledOf', { count: rolls.length, max: BINGO_MAX_NUMBER })}
        </p>
        <RolledBallsModal rolls={rolls} />
      </div>
    </>
  );
}

/** The round's win, from the whole state while it shows. */
function Win({ store, onClose }: { store: GameStore; onClose: () => void }) {
  return <RoundWinScreen state={useWholeGame(store)} onClose={onClose} />;
}

interface CentreProps {
  store: GameStore;
  onCloseWin: () => void;
  onCloseQuestion: (contentId: number) => void;
  onRevealAnswer: (contentId: number) => void;
}

/** What the centre shows: one value, so a frame that changes none of it renders nothing. */
const stageOf = (state: GameState): 'win' | number | 'board' =>
  showsWin(state) ? 'win' : rollTumbles(state) ? (state.bingoRolls.at(-1) ?? 'board') : 'board';

/**
 * Centre column (SPEC §2): the win screen when someone has bingo (Close goes back to the board),
 * the roll animation, or the last three balls, the timer and the sent content; a question with
 * its live tally, Close answers and Reveal answer.
 */
export const CentrePanel = memo(function CentrePanel({
  store,
  onCloseWin,
  onCloseQuestion,
  onRevealAnswer,
}: CentreProps) {
  const stage = useGame(store, stageOf);
  if (stage === 'win') return <Win store={store} onClose={onCloseWin} />;
  if (typeof stage === 'number') return <RollAnimation key={stage} number={stage} />;
  return (
    <Stack gap="md">
      <RolledSummary store={store} />
      <Countdown store={store} />
      <SentContent store={store} onCloseQuestion={onCloseQuestion} onRevealAnswer={onRevealAnswer} />
    </Stack>
  );
});
