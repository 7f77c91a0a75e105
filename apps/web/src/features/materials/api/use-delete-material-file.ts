import { MATERIAL_API, MATERIAL_TEXTS } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { materialKeys } from './keys';

/** Deletes a file by its fullPath. The confirmation dialog shows a failure itself. */
export function useDeleteMaterialFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filePath: string) =>
      api.call(MATERIAL_API.deleteFile, { body: { filePath } }, { notify: false }),
    onSuccess: () => {
      toastSuccess(MATERIAL_TEXTS.fileDeleted);
      return queryClient.invalidateQueries({ queryKey: materialKeys.all });
    },
  });
}
