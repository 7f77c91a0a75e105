import { type ImportPlayersInput, ZImportPlayersReply } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { userKeys } from './keys';

/** POST /import-players: all rows in one transaction, or none (the error's body lists the refused rows). */
export function useImportPlayers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportPlayersInput) =>
      api.post('/import-players', input, { schema: ZImportPlayersReply, notify: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all('player') }),
  });
}
