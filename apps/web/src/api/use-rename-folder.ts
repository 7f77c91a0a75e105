import { MATERIAL_TEXTS } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '../ui/toast';
import { api } from './api';
import { materialKeys } from './material-keys';

/** POST /rename-folder. Errors (409 name taken, 400 bad name) are shown by the form, not toasted. */
export function useRenameFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { oldFolderPath: string; newFolderPath: string }) =>
      api.post('/rename-folder', input, { notify: false }),
    onSuccess: () => {
      toastSuccess(MATERIAL_TEXTS.folderRenamed);
      return queryClient.invalidateQueries({ queryKey: materialKeys.all });
    },
  });
}
