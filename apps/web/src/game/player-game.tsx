import { FREE_CELL, GAME_TEXTS, type GameContent, type RoomReply, winningLines } from '@playshop/shared';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../auth/auth-provider';
import { QuestionSlot } from '../features/content/display/question-slot';
import { toastError, toastSuccess } from '../ui/toast';
import { gameReducer } from './game-reducer';
import { joinedRoom } from './joined-room';
import { PlayerGameView } from './player-game-view';
import { QuestionAnswer } from './question-answer';
import { useGameSocket } from './use-game-socket';
import { useWakeLock } from './use-wake-lock';

/** The marks make a line: worth a claim (the server checks it against the stored card and rolls). */
export function marksMakeALine(card: number[][] | null, markedCells: readonly number[]): boolean {
  if (!card) return false;
  return winningLines(card, new Set(markedCells.filter((n) => n !== FREE_CELL))).length > 0;
}

/** SPEC §2 Player game screen, after 'Join Game': the socket and the player's actions. */
export function PlayerGame({ room, dashboard }: { room: RoomReply; dashboard: string }) {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { state, status, send, close, retry, dispatch } = useGameSocket(room.id);
  const roomId = room.id;
  useWakeLock(true);

  useEffect(() => {
    joinedRoom.set(roomId, !state.connectionClosed && !state.lobbyRefused);
  }, [roomId, state.connectionClosed, state.lobbyRefused]);

  // 'Lobby not open' (SPEC §4 Lobby) and 'End Game' both send the player back to their room list.
  useEffect(() => {
    if (!state.lobbyRefused && !state.connectionClosed) return;
    if (state.lobbyRefused) toastError(GAME_TEXTS.lobbyNotOpen);
    else toastSuccess(GAME_TEXTS.roomClosed);
    close();
    void navigate(dashboard, { replace: true });
  }, [state.lobbyRefused, state.connectionClosed, close, navigate, dashboard]);

  // The mark shows at once and goes to the server, which keeps it; a mark that completes a line is
  // claimed at once (the server checks the stored card and rolls).
  function handleMark(number: number) {
    const next = gameReducer(state, { type: 'mark_cell', payload: { number } });
    if (next === state) return;
    dispatch({ type: 'mark_cell', payload: { number } });
    send({ type: 'game_event', payload: { action: 'mark', roomId, number, marked: true } });
    if (marksMakeALine(next.bingoBoard, next.markedCells)) {
      send({ type: 'game_event', payload: { action: 'check_win', roomId } });
    }
  }

  function handleLeave() {
    send({ type: 'room_event', payload: { action: 'leave_room', roomId } });
    toastSuccess(GAME_TEXTS.leavingRoom);
    joinedRoom.set(roomId, false);
    close();
    void navigate(dashboard);
  }

  // A question the server sends is answered here: the answer goes to the server, which keeps it.
  const renderQuestion = (content: GameContent) => (
    <QuestionAnswer
      content={content}
      question={state.question}
      onAnswer={(choice) =>
        send({
          type: 'content_event',
          payload: { action: 'answer_question', roomId, contentId: content.id, choice },
        })
      }
    />
  );

  return (
    <QuestionSlot.Provider value={renderQuestion}>
      <PlayerGameView
        room={room}
        state={state}
        status={status}
        username={user?.username ?? null}
        onMark={handleMark}
        onLeave={handleLeave}
        onRetry={retry}
      />
    </QuestionSlot.Provider>
  );
}
