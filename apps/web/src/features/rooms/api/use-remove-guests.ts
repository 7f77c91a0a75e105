import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../api/api';
import { userKeys } from '../../users/api/keys';

const ZRemoved = z.object({ message: z.string(), removed: z.number().int() });

/** Removes every guest who joined through a room whose game is over (admins). */
export function useRemoveGuests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roomId: number) =>
      api.request(`/rooms/${roomId}/guests`, { method: 'DELETE', schema: ZRemoved }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all('player') }),
  });
}
