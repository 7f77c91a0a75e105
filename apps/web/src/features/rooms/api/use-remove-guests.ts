import { JOIN_API } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { userKeys } from '../../users/api/keys';

/** Removes every guest who joined through a room whose game is over (admins). */
export function useRemoveGuests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roomId: number) => api.call(JOIN_API.removeGuests, { params: { id: roomId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all('player') }),
  });
}
