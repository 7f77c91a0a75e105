import { type ImportPlayersInput, PLAYER_IMPORT_API } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { userKeys } from './keys';

/** All rows in one transaction, or none (the error's body lists the refused rows). */
export function useImportPlayers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportPlayersInput) =>
      api.call(PLAYER_IMPORT_API.importPlayers, { body: input }, { notify: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all('player') }),
  });
}
