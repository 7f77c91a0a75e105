import type { GameAnswer, Language } from '@playshop/shared';
import { lazy, memo, Suspense, useCallback, useEffect, useState } from 'react';
import { useRoomLanguage } from '../../../i18n/locale-provider';
import { OrgExpiryGate } from '../../organizations/org-expiry-gate';
import { joinLinkBase, joinUrl } from '../../rooms/join-link';
import { useRoomJoinCode } from '../../rooms/rooms-api';
import { ConnectionNotice } from '../shared/connection-notice';
import type { ConnectionStatus } from '../shared/game-connection';
import { type GameStore, useGame } from '../shared/game-store';
import { RouteRoom } from '../shared/route-room';
import { useGameStore } from '../shared/use-game-socket';
import { useWakeLock } from '../shared/use-wake-lock';
import { useMuted } from './call-out';
import { PresenterView } from './presenter-view';

// The chart library loads with the first question, not with the presenter.
const QuestionTally = lazy(() =>
  import('../shared/question-tally').then((m) => ({ default: m.QuestionTally })),
);

/** A question without answers yet: one array, so the tally's selection stays the same. */
const NO_ANSWERS: GameAnswer[] = [];

/** The live tally of the question on screen, from the facts it shows. */
const Tally = memo(function Tally({ store, tickPx }: { store: GameStore; tickPx: number }) {
  const answers = useGame(store, (state) => state.content?.question?.answers ?? NO_ANSWERS);
  const tally = useGame(store, (state) => state.question?.tally ?? null);
  const correct = useGame(store, (state) => state.question?.correct ?? null);
  return (
    <Suspense fallback={null}>
      <QuestionTally
        options={answers}
        tally={tally}
        correct={correct}
        size="lg"
        height="100%"
        tickPx={tickPx}
        withTable={false}
      />
    </Suspense>
  );
});

/** The audience sees no connection chatter: only a socket given up (with Retry) or an outdated page. */
function Notice({
  store,
  status,
  onRetry,
}: {
  store: GameStore;
  status: ConnectionStatus;
  onRetry: () => void;
}) {
  const protocolVersion = useGame(store, (state) => state.protocolVersion);
  return (
    <ConnectionNotice
      status={status}
      serverProtocolVersion={protocolVersion}
      onRetry={onRetry}
      onlyActionable
    />
  );
}

/** Whether this document is shown full screen, following the browser (Esc leaves it too). */
function useFullScreen() {
  const [isFullScreen, setFullScreen] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const update = () => setFullScreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => {});
    else void document.documentElement.requestFullscreen?.().catch(() => {});
  }, []);
  return { isFullScreen, toggle };
}

/** The projector speaks the room's language, whatever this laptop's browser or choice says. */
function ProjectorLanguage({ language }: { language: Language }) {
  useRoomLanguage(language, 'projector');
  return null;
}

/** `{org}/facilitator/online/rooms/present/{roomId}`: the room on the projector, for staff. */
export function PresenterPage() {
  return (
    <RouteRoom>
      {(room) => (
        <OrgExpiryGate>
          <ProjectorLanguage language={room.effectiveLanguage} />
          <Presenter roomId={room.id} roomName={room.name} workshopName={room.workshop.name} />
        </OrgExpiryGate>
      )}
    </RouteRoom>
  );
}

/** Follows the room over the staff's game socket and sends nothing but the join. */
function Presenter({
  roomId,
  roomName,
  workshopName,
}: {
  roomId: number;
  roomName: string;
  workshopName: string;
}) {
  // The page renders for the socket's status and its own controls, not for the game's frames: the
  // stage's parts read those from the store (issue 46).
  const { store, status, retry } = useGameStore(roomId, { quiet: true });
  const joinCode = useRoomJoinCode(roomId);
  const [muted, setMuted] = useMuted();
  const toggleMute = useCallback(() => setMuted((on) => !on), [setMuted]);
  const fullScreen = useFullScreen();
  useWakeLock(true);
  useEffect(() => {
    document.title = `${roomName} · Presenter`;
  }, [roomName]);
  // Only a question's content shows it (presenter-view.tsx).
  const questionTally = useCallback((tickPx: number) => <Tally store={store} tickPx={tickPx} />, [store]);

  const join = joinCode.data
    ? {
        code: joinCode.data.code,
        url: joinUrl(joinLinkBase({ ...joinCode.data, location: window.location }).base, joinCode.data.code),
      }
    : null;
  return (
    <PresenterView
      roomName={roomName}
      workshopName={workshopName}
      store={store}
      join={join}
      questionTally={questionTally}
      muted={muted}
      onToggleMute={toggleMute}
      isFullScreen={fullScreen.isFullScreen}
      onToggleFullScreen={fullScreen.toggle}
      notice={<Notice store={store} status={status} onRetry={retry} />}
    />
  );
}
