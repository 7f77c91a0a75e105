import { MATERIAL_API, MATERIAL_TEXTS } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { materialKeys } from './keys';

/** Renames a folder. Errors (409 name taken, 400 bad name) are shown by the form, not toasted. */
export function useRenameFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { oldFolderPath: string; newFolderPath: string }) =>
      api.call(MATERIAL_API.renameFolder, { body: input }, { notify: false }),
    onSuccess: (_, { oldFolderPath }) => {
      toastSuccess(MATERIAL_TEXTS.folderRenamed);
      // The renamed folder's own queries (and its subfolders') would answer 404 now: refetched while
      // the rename page still shows them, they flashed 'Folder not found'. Mark them stale only.
      const [folder, subfolder] = oldFolderPath.split('/');
      const isGone = (key: readonly unknown[]) =>
        key[1] === 'folder' && key[2] === folder && (subfolder === undefined || key[3] === subfolder);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: materialKeys.all, predicate: (q) => !isGone(q.queryKey) }),
        queryClient.invalidateQueries({
          queryKey: materialKeys.all,
          predicate: (q) => isGone(q.queryKey),
          refetchType: 'none',
        }),
      ]);
    },
  });
}
