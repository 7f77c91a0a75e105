import { notifications } from '@mantine/notifications';
import {
  FREE_CELL,
  type GameContent,
  type RoomReply,
  type RoundRules,
  TOAST_SUCCESS_MS,
  winningLines,
  winsPattern,
} from '@playshop/shared';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../../auth/auth-provider';
import { t } from '../../../i18n/i18n';
import { toastError, toastSuccess } from '../../../ui/toast';
import { QuestionSlot } from '../../content/display/question-slot';
import { type RoomCommand, roomCommand } from '../shared/game-connection';
import { gameReducer, type LocalAction } from '../shared/game-reducer';
import { type GameStore, useGame } from '../shared/game-store';
import { currentPrize } from '../shared/pattern';
import { type ShownRollsStore, useShownRolls, useShownRollsStore } from '../shared/shown-rolls';
import { useGameStore } from '../shared/use-game-socket';
import { useWakeLock } from '../shared/use-wake-lock';
import { useAutoMark, useAutoMarkSetting } from './auto-mark';
import { joinedRoom } from './joined-room';
import { PlayerGameView } from './player-game-view';

// A question's answer buttons load with the first question sent, not with the card (as the win
// screen does): the player's phone gets the card with less JavaScript (docs/performance.md).
const QuestionAnswer = lazy(() => import('./question-answer').then((m) => ({ default: m.QuestionAnswer })));

/** The marks make a line: worth a claim (the server checks it against the stored card and rolls). */
export function marksMakeALine(card: number[][] | null, markedCells: readonly number[]): boolean {
  if (!card) return false;
  return winningLines(card, new Set(markedCells.filter((n) => n !== FREE_CELL))).length > 0;
}

/** The marks win the prize being played for: worth a claim (the server checks it). */
export function marksWinPrize(
  card: number[][] | null,
  markedCells: readonly number[],
  rules: RoundRules | null,
): boolean {
  if (!card) return false;
  const marks = new Set(markedCells.filter((n) => n !== FREE_CELL));
  return winsPattern(currentPrize(rules).pattern, card, marks);
}

/** A neutral notice (grey, no tick): 'Room Closed' is news, not a success of the player's. */
const toastNotice = (message: string) =>
  notifications.show({ id: `notice:${message}`, color: 'gray', message, autoClose: TOAST_SUCCESS_MS });

/**
 * 'Lobby not open' (SPEC §4 Lobby) and a removal send the player back to their room list (a
 * removal has said why already). After End Game the phone stays in the room, says 'Room Closed'
 * and joins the room's next lobby by itself when the facilitator opens it: a training day's
 * phones are not signed in again for every game (docs/decisions.md).
 */
function useRoomExits(
  roomId: number,
  dashboard: string,
  store: GameStore,
  command: RoomCommand,
  close: () => void,
) {
  const navigate = useNavigate();
  const removed = useGame(store, (state) => state.removedFromRoom);
  const connectionClosed = useGame(store, (state) => state.connectionClosed);
  const lobbyRefused = useGame(store, (state) => state.lobbyRefused);
  const lobbyOpen = useGame(store, (state) => state.lobbyOpen);
  useEffect(() => {
    joinedRoom.set(roomId, !connectionClosed && !lobbyRefused);
  }, [roomId, connectionClosed, lobbyRefused]);

  useEffect(() => {
    if (!lobbyRefused && !removed) return;
    if (lobbyRefused) toastError(t('game.lobbyNotOpen'));
    close();
    void navigate(dashboard, { replace: true });
  }, [lobbyRefused, removed, close, navigate, dashboard]);
  const waitingForNextGame = useRef(false);
  useEffect(() => {
    if (removed) return;
    if (connectionClosed) {
      // A plain notice, not a success: nothing went right for the player, the game just ended.
      if (!waitingForNextGame.current) toastNotice(t('game.roomClosed'));
      waitingForNextGame.current = true;
    } else if (waitingForNextGame.current && lobbyOpen) {
      waitingForNextGame.current = false;
      command({ action: 'join_room' });
    }
  }, [connectionClosed, lobbyOpen, removed, command]);
}

/** The player's marks: each shows at once and goes to the server, which keeps it; the auto-marker's too. */
function useMarks(store: GameStore, dispatch: (action: LocalAction) => void, command: RoomCommand) {
  return useCallback(
    (number: number) => {
      const current = store.get();
      const next = gameReducer(current, { type: 'mark_cell', payload: { number } });
      if (next === current) return null;
      dispatch({ type: 'mark_cell', payload: { number } });
      command({ action: 'mark', number, marked: true });
      return next;
    },
    [store, dispatch, command],
  );
}

/**
 * Auto-mark, on its own so the rolls it follows render nothing but it (no DOM of its own), and there
 * only while the player has it on: off, a roll runs no effect of it (its effect after paint asked the
 * phone for a frame of its own on every roll, issue 46).
 */
function AutoMarker({
  store,
  shown,
  mark,
}: {
  store: GameStore;
  shown: ShownRollsStore;
  mark: (number: number) => void;
}) {
  const card = useGame(store, (state) => state.bingoBoard);
  // The balls shown, as the card has them: a tumbling ball is marked when it lands.
  const rolls = useShownRolls(shown, (s) => s.rolls);
  const marked = useGame(store, (state) => state.markedCells);
  useAutoMark(card, rolls, marked, mark);
  return null;
}

/** SPEC §2 Player game screen, after 'Join Game': the socket and the player's actions. */
export function PlayerGame({ room, dashboard }: { room: RoomReply; dashboard: string }) {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { store, status, send, close, retry, dispatch } = useGameStore(room.id);
  // The balls shown as called (a tumbling ball held back until it lands): the card, the chips, the
  // sheet and auto-mark all follow this one store, so they change together.
  const shown = useShownRollsStore(store);
  const roomId = room.id;
  const command = useMemo(() => roomCommand(roomId, send), [roomId, send]);
  useWakeLock(true);
  const [autoMark, setAutoMark] = useAutoMarkSetting(user?.username ?? null);
  useRoomExits(roomId, dashboard, store, command, close);
  const mark = useMarks(store, dispatch, command);
  const autoMarkOne = useCallback((number: number) => void mark(number), [mark]);

  // The callbacks keep their identity (what they use does), so the memoised card and controls do not
  // render for them. useCallback rather than ui/use-event: the phone's bundle gets one file fewer.
  const claim = useCallback(() => command({ action: 'check_win' }), [command]);

  // A tap that completes the round's pattern is the player's claim (the server checks the stored
  // card and rolls); auto-marks never claim on their own.
  const handleMark = useCallback(
    (number: number) => {
      const next = mark(number);
      if (next && marksWinPrize(next.bingoBoard, next.markedCells, next.rules)) claim();
    },
    [mark, claim],
  );

  const handleLeave = useCallback(() => {
    command({ action: 'leave_room' });
    toastSuccess(t('game.leavingRoom'));
    joinedRoom.set(roomId, false);
    close();
    void navigate(dashboard);
  }, [command, roomId, close, navigate, dashboard]);
  const ready = useCallback(() => send({ type: 'ready', payload: { roomId } }), [send, roomId]);

  // A question the server sends is answered here: the answer goes to the server, which keeps it.
  const question = useGame(store, (state) => state.question);
  const renderQuestion = useCallback(
    (content: GameContent) => (
      <Suspense fallback={null}>
        <QuestionAnswer
          content={content}
          question={question}
          onAnswer={(choice) => command({ action: 'answer_question', contentId: content.id, choice })}
        />
      </Suspense>
    ),
    [question, command],
  );

  return (
    <QuestionSlot.Provider value={renderQuestion}>
      {autoMark && <AutoMarker store={store} shown={shown} mark={autoMarkOne} />}
      <PlayerGameView
        room={room}
        store={store}
        shown={shown}
        status={status}
        username={user?.username ?? null}
        onMark={handleMark}
        onClaim={claim}
        autoMark={autoMark}
        onAutoMarkChange={setAutoMark}
        onLeave={handleLeave}
        onRetry={retry}
        onReady={ready}
      />
    </QuestionSlot.Provider>
  );
}
