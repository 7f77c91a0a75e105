import type { Language } from '@playshop/shared';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useRoomLanguage } from '../../../i18n/locale-provider';
import { OrgExpiryGate } from '../../organizations/org-expiry-gate';
import { joinLinkBase, joinUrl } from '../../rooms/join-link';
import { useRoomJoinCode } from '../../rooms/rooms-api';
import { ConnectionNotice } from '../shared/connection-notice';
import { RouteRoom } from '../shared/route-room';
import { useGameSocket } from '../shared/use-game-socket';
import { useWakeLock } from '../shared/use-wake-lock';
import { useMuted } from './call-out';
import { PresenterView } from './presenter-view';

// The chart library loads with the first question, not with the presenter.
const QuestionTally = lazy(() =>
  import('../shared/question-tally').then((m) => ({ default: m.QuestionTally })),
);

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
  const { state, status, retry } = useGameSocket(roomId, { quiet: true });
  const joinCode = useRoomJoinCode(roomId);
  const [muted, setMuted] = useMuted();
  const toggleMute = useCallback(() => setMuted((on) => !on), [setMuted]);
  const fullScreen = useFullScreen();
  useWakeLock(true);
  useEffect(() => {
    document.title = `${roomName} · Presenter`;
  }, [roomName]);

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
      state={state}
      join={join}
      questionTally={
        state.content?.question
          ? (tickPx) => (
              <Suspense fallback={null}>
                <QuestionTally
                  options={state.content?.question?.answers ?? []}
                  tally={state.question?.tally ?? null}
                  correct={state.question?.correct ?? null}
                  size="lg"
                  height="100%"
                  tickPx={tickPx}
                  withTable={false}
                />
              </Suspense>
            )
          : undefined
      }
      muted={muted}
      onToggleMute={toggleMute}
      isFullScreen={fullScreen.isFullScreen}
      onToggleFullScreen={fullScreen.toggle}
      // The audience sees no connection chatter: only a socket given up (with Retry) or an outdated page.
      notice={
        <ConnectionNotice
          status={status}
          serverProtocolVersion={state.protocolVersion}
          onRetry={retry}
          onlyActionable
        />
      }
    />
  );
}
