import { type CreateRoomInput, JOIN_API, type Language, ROOM_API, type RoomJoinCode } from '@playshop/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';
import { callPath } from '../../api/client';
import { downloadFile } from '../../api/download-file';
import { storeReply } from '../../api/store-reply';
import { useDeleteById, useSavingMutation } from '../../api/use-saving-mutation';
import { t } from '../../i18n/i18n';
import { roomKeys } from './room-keys';

export { roomKeys };

/**
 * The room's game report (or with `log`, its raw event log) as a CSV
 * file, saved by the browser.
 */
export function downloadRoomReport(
  roomId: number,
  roomName: string,
  kind: 'report' | 'log' = 'report',
): Promise<void> {
  const base = roomName.replace(/[^\w-]+/g, '-');
  return kind === 'log'
    ? downloadFile(
        callPath(ROOM_API.report, { params: { id: roomId }, query: { format: 'log' } }),
        `${base}-event-log.csv`,
      )
    : downloadFile(callPath(ROOM_API.report, { params: { id: roomId } }), `${base}-report.csv`);
}

/** An admin creates a room on one of the organization's workshops. */
export function useCreateRoom() {
  return useSavingMutation(
    (input: CreateRoomInput) => api.call(ROOM_API.create, { body: input }, { notify: false }),
    { success: () => t('rooms.created'), refresh: roomKeys.all },
  );
}

/** A room's own language, or null to follow its organization's (the projector, cards, phones' default). */
export function useSetRoomLanguage() {
  return useSavingMutation(
    ({ id, language }: { id: number; language: Language | null }) =>
      api.call(ROOM_API.setLanguage, { params: { id }, body: { language } }),
    { success: () => t('rooms.languageSaved'), refresh: roomKeys.all },
  );
}

export const useDeleteRoom = () => useDeleteById(ROOM_API.remove, () => t('rooms.deleted'), roomKeys.all);

/** What a room code opens (public): room, organization, guests allowed, lobby open. */
export function useJoinInfo(code: string) {
  return useQuery({
    queryKey: roomKeys.joinInfo(code),
    queryFn: ({ signal }) =>
      api.call(JOIN_API.info, { params: { code } }, { signal, auth: false, notify: false }),
    retry: false,
  });
}

/**
 * Opens a room's lobby from a list: a new game once the last one ended (the game screen follows).
 * Its success refreshes the rooms' state, and the room no longer between games loses its Open Lobby
 * button, often before the lobby's own reply is through: go to the game page on `mutateAsync`'s
 * promise, which an unmounted button still gets, not in `mutate`'s callbacks, which it does not (the
 * facilitator stayed on the rooms list with the lobby open).
 */
export function useOpenLobby() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roomId: number) => api.call(ROOM_API.openLobby, { params: { id: roomId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomKeys.all }),
  });
}

export function useOrgRooms(orgName: string) {
  return useQuery({
    queryKey: roomKeys.byOrg(orgName),
    queryFn: ({ signal }) => api.call(ROOM_API.byOrgName, { params: { org: orgName } }, { signal }),
  });
}

/** The room's join code for the facilitator screen, with what its link is built on and its guest rule. */
export function useRoomJoinCode(roomId: number | null) {
  return useQuery({
    queryKey: roomKeys.joinCode(roomId),
    queryFn: ({ signal }) => api.call(JOIN_API.joinCode, { params: { id: roomId ?? 0 } }, { signal }),
    enabled: roomId !== null,
    // No polling: the game socket of the screen showing it says when the code changes (use-game-socket).
  });
}

/**
 * A change of the room's code or guest rule, its reply stored for every screen of this browser showing
 * the code (the presenter too). A read of the code under way is cancelled (storeReply) and the code
 * read again once the change is through: a read answered from before the change would otherwise
 * overwrite it (the guests switch, clicked while a snapshot's refresh was on its way, went back off).
 */
function useJoinCodeChange<T>(roomId: number, change: (input: T) => Promise<RoomJoinCode>) {
  const queryClient = useQueryClient();
  const queryKey = roomKeys.joinCode(roomId);
  return useMutation({
    mutationFn: change,
    onSuccess: (reply) => storeReply(queryClient, queryKey, reply),
    onSettled: () => void queryClient.invalidateQueries({ queryKey }),
  });
}

/** A new code on demand; the old one then answers 'This code has been replaced'. */
export function useReplaceJoinCode(roomId: number) {
  return useJoinCodeChange(roomId, () => api.call(JOIN_API.replaceCode, { params: { id: roomId } }));
}

/** The facilitator allows or refuses guests for this room (null: the organization's setting). */
export function useSetRoomGuests(roomId: number) {
  return useJoinCodeChange(roomId, (allowGuests: boolean | null) =>
    api.call(JOIN_API.setGuests, { params: { id: roomId }, body: { allowGuests } }),
  );
}

/** One room by id; pass null for an id that is not a whole number (nothing is fetched). */
export function useRoom(roomId: number | null) {
  return useQuery({
    queryKey: roomKeys.item(roomId ?? 0),
    queryFn: ({ signal }) => api.call(ROOM_API.byId, { params: { id: roomId ?? 0 } }, { signal }),
    enabled: roomId !== null,
  });
}
