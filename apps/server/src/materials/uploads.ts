import { issueKeyOr } from '@playshop/messages/english';
import { isReservedFolderPath, type MaterialFile, message, ZMaterialName } from '@playshop/shared';
import type { Actor } from '../http/actor';
import { AppError } from '../http/errors';
import { assertSafeKey, contentTypeOf } from '../storage/storage';
import { type MaterialsLibrary, presentFile, ROOT } from './library';

/** Where an upload goes, from its tus metadata. */
export interface UploadTarget {
  key: string;
  fileName: string;
  /** The name the client sent, before trimming: kept as the file's `originalName`. */
  originalName: string;
}

/** A tus upload into the library: where it goes, that the name is free, and storing it when done. */
export function materialUploads({ storage, store }: MaterialsLibrary) {
  return {
    /** Checks an upload's metadata (filename, folder, optional subfolder) and names its target. */
    uploadTarget(metadata: Record<string, string | null> | undefined): UploadTarget {
      const name = (field: string, value: string | null | undefined) => {
        const parsed = ZMaterialName.safeParse(value ?? '');
        if (!parsed.success)
          throw new AppError(
            'INVALID_NAME',
            400,
            message(issueKeyOr(parsed.error.issues[0]?.message, 'materials.nameInvalid')),
            field,
          );
        return parsed.data;
      };
      const folder = name('folder', metadata?.folder);
      const subfolder = metadata?.subfolder ? name('subfolder', metadata.subfolder) : undefined;
      const fileName = name('filename', metadata?.filename);
      if (isReservedFolderPath(subfolder ? [folder, subfolder] : [folder]))
        throw new AppError('NAME_RESERVED', 400, message('materials.nameReserved'), 'folder');
      const key = `${ROOT}${[folder, subfolder, fileName].filter(Boolean).join('/')}`;
      assertSafeKey(key);
      return { key, fileName, originalName: (metadata?.filename ?? fileName).slice(0, 255) };
    },

    /** 409 when a file already has the upload's name in its folder. */
    async assertFileFree(target: UploadTarget): Promise<void> {
      if (await store(() => storage.head(target.key)))
        throw new AppError('FILE_EXISTS', 409, message('materials.fileExists'));
    },

    /** Moves a finished upload into the library. */
    async storeUpload(actor: Actor, target: UploadTarget, tempPath: string): Promise<MaterialFile> {
      const object = await store(() =>
        // Lowercase names: S3 keeps custom metadata as x-amz-meta-* headers (storage/keys.ts).
        storage.putFile(target.key, tempPath, contentTypeOf(target.fileName), {
          'uploaded-by': String(actor.userId),
          'original-name': target.originalName,
        }),
      );
      return presentFile(storage.bucket, object);
    },
  };
}
