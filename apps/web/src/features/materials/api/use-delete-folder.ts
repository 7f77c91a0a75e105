import { MATERIAL_API, MATERIAL_TEXTS } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { materialKeys } from './keys';

/** Deletes the folder and every file inside it. The dialog shows a failure itself. */
export function useDeleteFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (folderPath: string) =>
      api.call(MATERIAL_API.deleteFolder, { body: { folderPath } }, { notify: false }),
    onSuccess: (_reply, folderPath) => {
      toastSuccess(MATERIAL_TEXTS.folderDeleted);
      // The deleted folder's own query would answer 404 if refetched: drop it rather than refetch.
      const [folder, subfolder] = folderPath.split('/');
      queryClient.removeQueries({ queryKey: materialKeys.folder(folder ?? '', subfolder) });
      return queryClient.invalidateQueries({ queryKey: materialKeys.all });
    },
  });
}
