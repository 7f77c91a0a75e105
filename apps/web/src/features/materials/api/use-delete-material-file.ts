import { MATERIAL_API, MATERIAL_TEXTS } from '@playshop/shared';
import { api } from '../../../api/api';
import { useSavingMutation } from '../../../api/use-saving-mutation';
import { materialKeys } from './keys';

/** Deletes a file by its fullPath. The confirmation dialog shows a failure itself. */
export function useDeleteMaterialFile() {
  return useSavingMutation(
    (filePath: string) => api.call(MATERIAL_API.deleteFile, { body: { filePath } }, { notify: false }),
    { success: MATERIAL_TEXTS.fileDeleted, refresh: materialKeys.all },
  );
}
