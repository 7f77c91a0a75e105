import { MATERIAL_TEXTS } from '@playshop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { toastSuccess } from '../../../ui/toast';
import { materialKeys } from './keys';

/** POST /delete-file with the file's fullPath. The confirmation dialog shows a failure itself. */
export function useDeleteMaterialFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filePath: string) => api.post('/delete-file', { filePath }, { notify: false }),
    onSuccess: () => {
      toastSuccess(MATERIAL_TEXTS.fileDeleted);
      return queryClient.invalidateQueries({ queryKey: materialKeys.all });
    },
  });
}
