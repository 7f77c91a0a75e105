import { notifications } from '@mantine/notifications';
import type { ClientMessage } from '@playshop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../../api/api';
import { useSessionStore } from '../../../auth/auth-provider';
import { hasMessage, type MessageId, serverText, t } from '../../../i18n/i18n';
import { toastError, toastSuccess } from '../../../ui/toast';
import { roomKeys } from '../../rooms/room-keys';
import { delayedToasts } from './connection-toasts';
import {
  type ConnectionStatus,
  createGameConnection,
  type GameConnection,
  type GameConnectionDeps,
} from './game-connection';
import { gameReducer, type LocalAction } from './game-reducer';
import { createGameStore, useWholeGame } from './game-store';

const toastInfo = (message: string) =>
  notifications.show({ id: `ws:${message}`, message, autoClose: 2000, color: 'blue' });

/** The game's outage notice: one, kept on screen while the game is away, gone with its next answer. */
export const OUTAGE_NOTICE_ID = 'game:unavailable';
const showOutage = (message: string) =>
  notifications.show({ id: OUTAGE_NOTICE_ID, message, autoClose: false, color: 'yellow' });
const hideOutage = () => notifications.hide(OUTAGE_NOTICE_ID);

/** The connection's notices are keys (`game.ws…`, connection-toasts compares them): shown in the active language. */
function translated(show: (message: string) => void) {
  return (key: string) => show(hasMessage(key) ? t(key as MessageId) : key);
}

/**
 * The live game for one room: a store (game-store.ts) the reducer keeps from the room's socket, and
 * the socket's controls. The socket joins on open, resumes with the last seq after a drop, reconnects
 * at once when the browser is back online or the tab visible again, and is closed (1000) when the
 * screen goes away. The hook itself renders only for the connection's status: the screen's parts
 * read the game from the store.
 */
export function useGameStore(
  roomId: number | null,
  options: Pick<GameConnectionDeps, 'createSocket'> & {
    /** No connection toasts but a give-up (the presenter: the audience sees no socket chatter). */
    quiet?: boolean;
  } = {},
) {
  const [store] = useState(createGameStore);
  const [status, setStatus] = useState<ConnectionStatus>('connecting');
  const lastSeq = useRef(0);
  const connection = useRef<GameConnection | null>(null);
  const session = useSessionStore();
  const queryClient = useQueryClient();
  const { createSocket, quiet = false } = options;

  useEffect(() => {
    if (roomId === null) return;
    lastSeq.current = 0;
    let isOutageShown = false;
    // Each frame goes to the reducer as it comes: the parts whose facts it changes render after its
    // task (Preact batches a task's changes), and a frame that changes nothing shown (a hidden roll's
    // state after it, on the phone) costs the page no frame at all (issue 46: a budget phone).
    const conn = createGameConnection({
      roomId,
      createSocket,
      async getToken(attempt) {
        const current = session.get()?.accessToken ?? null;
        if (attempt === 0 && current) return current;
        // A reconnect may come long after the token was issued: take a fresh one.
        return (await api.refresh())?.accessToken ?? session.get()?.accessToken ?? null;
      },
      getLastSeq: () => lastSeq.current,
      onMessage(message) {
        if (message.seq > lastSeq.current) lastSeq.current = message.seq;
        store.set(gameReducer(store.get(), message));
        const outage = message.type === 'error_event' && message.payload.key === 'game.unavailable';
        // The outage stays said until the game answers again, not a toast gone in 4 s each time.
        if (outage !== isOutageShown) {
          isOutageShown = outage;
          if (outage) showOutage(serverText({ ...message.payload, message: message.payload.error }));
          else hideOutage();
        }
        if (message.type === 'error_event' && !outage)
          toastError(serverText({ ...message.payload, message: message.payload.error }));
        if (message.type === 'removed') toastError(serverText(message.payload));
        // A new code (or guest rule) from another staff screen; a full snapshot (a join or
        // reconnect) may follow one this socket missed. Only staff screens hold this query.
        if (
          message.type === 'join_code' ||
          (message.type === 'set_game_state' && 'roomId' in message.payload)
        )
          void queryClient.invalidateQueries({ queryKey: roomKeys.joinCode(roomId) });
      },
      onStatus: setStatus,
      notify: delayedToasts(
        { info: translated(toastInfo), success: translated(toastSuccess), error: translated(toastError) },
        { quiet },
      ),
    });
    connection.current = conn;
    conn.start();
    const resume = () => {
      if (document.visibilityState === 'visible') conn.resume();
    };
    window.addEventListener('online', resume);
    document.addEventListener('visibilitychange', resume);
    return () => {
      window.removeEventListener('online', resume);
      document.removeEventListener('visibilitychange', resume);
      conn.close();
      connection.current = null;
      if (isOutageShown) hideOutage();
    };
  }, [roomId, store, session, queryClient, createSocket, quiet]);

  const send = useCallback((message: ClientMessage) => connection.current?.send(message), []);
  const close = useCallback(() => connection.current?.close(), []);
  /** The Retry button after the last failed try. */
  const retry = useCallback(() => connection.current?.resume(), []);
  const dispatch = useCallback((action: LocalAction) => store.set(gameReducer(store.get(), action)), [store]);
  return { store, status, send, close, retry, dispatch };
}

/** The live game as one state, rendering its screen on every frame (the admin's room page). */
export function useGameSocket(roomId: number | null, options: Parameters<typeof useGameStore>[1] = {}) {
  const game = useGameStore(roomId, options);
  return { ...game, state: useWholeGame(game.store) };
}
