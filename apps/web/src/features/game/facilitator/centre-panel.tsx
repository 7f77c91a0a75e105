import { Paper, Stack, Text } from '@mantine/core';
import { BINGO_MAX_NUMBER, type GameContent } from '@playshop/shared';
import { memo, useMemo, useRef } from 'react';
import { useT } from '../../../i18n/locale-provider';
import { usePaint } from '../../../ui/store';
import { ContentView } from '../../content/display/content-view';
import { QuestionSlot } from '../../content/display/question-slot';
import { paintChips } from '../shared/ball';
import { Countdown } from '../shared/countdown';
import type { GameState } from '../shared/game-reducer';
import { type GameStore, useGame, useWholeGame } from '../shared/game-store';
import { RollAnimation } from '../shared/roll-animation';
import { rollTumbles, type ShownRollsStore } from '../shared/shown-rolls';
import { SCREEN_TEXTS } from '../shared/texts';
import { RoundWinScreen, showsWin } from '../shared/win-screen';
import classes from './centre-panel.module.css';
import { QuestionPanel } from './question-panel';
import { RolledBallsModal } from './rolled-balls-modal';

/** The content sent, if any, with a question's tally and its buttons: it renders when they change. */
function SentContent({ store, onCloseQuestion, onRevealAnswer }: Omit<CentreProps, 'onCloseWin' | 'shown'>) {
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
 * The last three balls, how many are out and 'Show Rolled Balls': painted from the store (issue 46),
 * so a roll renders no part of the facilitator's page. A roll puts its ball in front and drops the
 * fourth (`paintChips`; all three anew when they turn small at the tenth); the count is written when
 * it changes.
 */
function RolledSummary({ store }: { store: GameStore }) {
  const t = useT();
  const none = useRef<HTMLParagraphElement>(null);
  const balls = useRef<HTMLSpanElement>(null);
  const count = useRef<HTMLParagraphElement>(null);
  const paint = useMemo(() => {
    let painted: { rolls: readonly number[]; size: 'sm' | 'md' } | null = null;
    return ({ bingoRolls: rolls }: GameState) => {
      if (!none.current || !balls.current || !count.current || painted?.rolls === rolls) return;
      const size = rolls.length >= 10 ? 'sm' : 'md';
      paintChips(balls.current, painted?.size === size ? painted.rolls : null, rolls, size, 3);
      painted = { rolls, size };
      count.current.textContent = t('gameControl.rolledOf', { count: rolls.length, max: BINGO_MAX_NUMBER });
      if (none.current.hidden !== rolls.length > 0) none.current.hidden = rolls.length > 0;
    };
  }, [t]);
  usePaint(store, paint);
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a labelled group of balls, as Mantine's Group was */}
      <div className={classes.row} aria-label={t('gameControl.lastThreeBalls')} role="group">
        <p ref={none} className={`${classes.text} ${classes.dimmed}`}>
          {SCREEN_TEXTS.noBallsYet}
        </p>
        <span ref={balls} className={classes.balls} />
      </div>
      <div className={classes.row}>
        <p ref={count} className={`${classes.text} ${classes.small}`} />
        <RolledBallsModal store={store} />
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
  /** The balls shown as called (`createShownRolls(store)`, the page's one): the tumble lands from it. */
  shown: ShownRollsStore;
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
  shown,
  onCloseWin,
  onCloseQuestion,
  onRevealAnswer,
}: CentreProps) {
  const stage = useGame(store, stageOf);
  if (stage === 'win') return <Win store={store} onClose={onCloseWin} />;
  if (typeof stage === 'number') return <RollAnimation key={stage} number={stage} shown={shown} />;
  return (
    <Stack gap="md">
      <RolledSummary store={store} />
      <Countdown store={store} />
      <SentContent store={store} onCloseQuestion={onCloseQuestion} onRevealAnswer={onRevealAnswer} />
    </Stack>
  );
});
