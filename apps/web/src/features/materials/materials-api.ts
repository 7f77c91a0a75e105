import {
  API_PREFIX,
  MATERIAL_API,
  MATERIAL_UPLOADS_PATH,
  type MaterialFile,
  UPLOAD_LIMIT_BYTES,
  ZMaterialFile,
} from '@playshop/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Dispatch,
  type RefObject,
  type SetStateAction,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { type DetailedError, Upload } from 'tus-js-client';
import { api } from '../../api/api';
import { sessionStore } from '../../api/session-store';
import { canResumeAfter, type UploadFailure, uploadFailureMessage } from '../../api/storage-errors';
import { useSavingMutation } from '../../api/use-saving-mutation';
import { t } from '../../i18n/i18n';
import { toastSuccess } from '../../ui/toast';
import { navigateToUrl } from './navigate-to-url';

/** Query keys of the materials library; every mutation invalidates `all`. */
export const materialKeys = {
  all: ['materials'] as const,
  folders: ['materials', 'folders'] as const,
  folder: (folder: string, subfolder?: string) => ['materials', 'folder', folder, subfolder ?? null] as const,
};

/** Deletes the folder and every file inside it. The dialog shows a failure itself. */
export function useDeleteFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (folderPath: string) =>
      api.call(MATERIAL_API.deleteFolder, { body: { folderPath } }, { notify: false }),
    onSuccess: (_reply, folderPath) => {
      toastSuccess(t('materials.folderDeleted'));
      // The deleted folder's own query would answer 404 if refetched: drop it rather than refetch.
      const [folder, subfolder] = folderPath.split('/');
      queryClient.removeQueries({ queryKey: materialKeys.folder(folder ?? '', subfolder) });
      return queryClient.invalidateQueries({ queryKey: materialKeys.all });
    },
  });
}

/** Deletes a file by its fullPath. The confirmation dialog shows a failure itself. */
export function useDeleteMaterialFile() {
  return useSavingMutation(
    (filePath: string) => api.call(MATERIAL_API.deleteFile, { body: { filePath } }, { notify: false }),
    { success: () => t('materials.fileDeleted'), refresh: materialKeys.all },
  );
}

/**
 * Asks for a signed download address, then the browser goes to the signed address. It answers with
 * `Content-Disposition: attachment`, so the page stays and the file is saved. The link expires in
 * minutes, so it is fetched on each click rather than cached.
 */
export function useDownloadMaterial() {
  return useMutation({
    mutationFn: (filePath: string) => api.call(MATERIAL_API.downloadLink, { body: { filePath } }),
    onSuccess: (link) => navigateToUrl(link.url),
  });
}

/**
 * One folder (or subfolder) with its subfolders and files. No toast on failure: the page shows the
 * error in place ('Folder not found' for a folder the caller may not see).
 */
export function useMaterialFolder(folder: string | null | undefined, subfolder?: string) {
  return useQuery({
    queryKey: materialKeys.folder(folder ?? '', subfolder),
    enabled: !!folder,
    queryFn: ({ signal }) =>
      subfolder
        ? api.call(
            MATERIAL_API.subfolder,
            { params: { folder: folder ?? '', subfolder } },
            { signal, notify: false },
          )
        : api.call(MATERIAL_API.folder, { params: { folder: folder ?? '' } }, { signal, notify: false }),
  });
}

/** The top-level folders the caller may see. */
export function useMaterialFolders() {
  return useQuery({
    queryKey: materialKeys.folders,
    queryFn: ({ signal }) => api.call(MATERIAL_API.folders, {}, { signal }),
  });
}

/** SPEC §4 Upload task: running, paused, success, canceled, error (plus idle before the first). */
export type MaterialUploadState =
  | { status: 'idle' }
  | { status: 'running' | 'paused'; percent: number }
  | { status: 'success'; file: MaterialFile }
  | { status: 'canceled'; message: string }
  | { status: 'error'; message: string; percent: number; canResume: boolean };

interface MaterialUploadInput {
  file: File;
  folder: string;
  subfolder?: string;
}

/**
 * Statuses worth another try of the same request (SPEC §9: 5xx, 408, 429; tus: 423 locked). A full
 * store (507) stays full however often it is asked.
 */
const isRetryableStatus = (status: number) =>
  status === 0 || (status >= 500 && status !== 507) || status === 408 || status === 429 || status === 423;

/** Retry delays after a failed request; when they run out the upload stops (retry-limit-exceeded). */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000];
const CHUNK_BYTES = 1024 * 1024;

function failureOf(error: Error | DetailedError): UploadFailure {
  // tus-js-client's own wording when the creation answer carries no usable Location.
  const badUploadUrl = /Location header/i.test(error.message);
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return { status: 0, badUploadUrl };
  let body: { code?: unknown; message?: unknown } = {};
  try {
    body = JSON.parse(response.getBody() || '{}');
  } catch {
    // Not JSON (a proxy's error page): the status alone decides.
  }
  return {
    status: response.getStatus(),
    code: typeof body.code === 'string' ? body.code : undefined,
    message: typeof body.message === 'string' ? body.message : undefined,
    badUploadUrl,
  };
}

/** The file the server describes in an upload's last reply, or null when the reply does not say. */
function storedFileOf(lastResponse: { getBody(): string }): MaterialFile | null {
  let body: unknown = null;
  try {
    body = JSON.parse(lastResponse.getBody() || 'null');
  } catch {
    // Checked below.
  }
  const parsed = ZMaterialFile.safeParse((body as { file?: unknown } | null)?.file);
  return parsed.success ? parsed.data : null;
}

interface UploadCallbacks {
  onProgress: (percent: number) => void;
  onError: (failure: UploadFailure) => void;
  /** The upload is stored; `file` is null when the server's reply does not describe it. */
  onStored: (file: MaterialFile | null) => void;
}

/**
 * The tus upload of one document (not started). The bearer token goes on every request (the server
 * checks each one) and is renewed once when the server answers 401 part-way through.
 */
function materialUpload(
  { file, folder, subfolder }: MaterialUploadInput,
  callbacks: UploadCallbacks,
): Upload {
  let pendingRefresh: Promise<unknown> | null = null;
  return new Upload(file, {
    endpoint: `${API_PREFIX}${MATERIAL_UPLOADS_PATH}`,
    metadata: {
      filename: file.name,
      folder,
      ...(subfolder ? { subfolder } : {}),
      filetype: file.type || 'application/octet-stream',
    },
    chunkSize: CHUNK_BYTES,
    retryDelays: RETRY_DELAYS_MS,
    // Resuming across page loads is not offered, so no upload addresses are left in localStorage.
    storeFingerprintForResuming: false,
    onBeforeRequest: async (req) => {
      if (pendingRefresh) await pendingRefresh;
      let token = sessionStore.get()?.accessToken;
      if (!token) token = (await api.refresh())?.accessToken;
      if (token) req.setHeader('Authorization', `Bearer ${token}`);
    },
    onShouldRetry: (error, attempt) => {
      const status = error.originalResponse?.getStatus() ?? 0;
      // The access token expired between chunks: renew it, then repeat the request once.
      if (status === 401 && attempt === 0) {
        pendingRefresh = api.refresh().finally(() => {
          pendingRefresh = null;
        });
        return true;
      }
      return isRetryableStatus(status);
    },
    onProgress: (sent, total) => callbacks.onProgress(total ? Math.floor((sent / total) * 100) : 0),
    onError: (error) => callbacks.onError(failureOf(error)),
    onSuccess: ({ lastResponse }) => callbacks.onStored(storedFileOf(lastResponse)),
  });
}

/** Pause, Resume and Cancel of the upload in `current`, each reflected in the upload's state. */
function useUploadControls(
  current: RefObject<Upload | null>,
  setState: Dispatch<SetStateAction<MaterialUploadState>>,
) {
  const pause = useCallback(() => {
    // abort() without terminating: the server keeps the bytes it has, Resume asks for the offset.
    void current.current?.abort();
    setState((s) => (s.status === 'running' ? { status: 'paused', percent: s.percent } : s));
  }, [current, setState]);

  const resume = useCallback(() => {
    if (!current.current) return;
    current.current.start();
    setState((s) =>
      s.status === 'paused' || (s.status === 'error' && s.canResume)
        ? { status: 'running', percent: s.percent }
        : s,
    );
  }, [current, setState]);

  const cancel = useCallback(() => {
    const upload = current.current;
    current.current = null;
    // abort(true) also deletes the partial upload on the server; a failure there changes nothing here.
    upload?.abort(true).catch(() => undefined);
    setState({ status: 'canceled', message: uploadFailureMessage({ canceled: true }) });
  }, [current, setState]);

  return { pause, resume, cancel };
}

/**
 * A resumable (tus) upload of one document into `documents/{folder}[/{subfolder}]/`, with pause,
 * resume and cancel.
 */
export function useMaterialUpload(options: { onSuccess?: (file: MaterialFile) => void } = {}) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<MaterialUploadState>({ status: 'idle' });
  const current = useRef<Upload | null>(null);
  const onSuccessRef = useRef(options.onSuccess);
  onSuccessRef.current = options.onSuccess;

  const start = useCallback(
    (input: MaterialUploadInput) => {
      if (input.file.size > UPLOAD_LIMIT_BYTES) {
        setState({ status: 'error', message: t('materials.fileTooLarge'), percent: 0, canResume: false });
        return;
      }
      let percent = 0;
      const upload = materialUpload(input, {
        onProgress: (sent) => {
          percent = sent;
          setState((s) => (s.status === 'running' ? { status: 'running', percent } : s));
        },
        onError: (failure) =>
          setState({
            status: 'error',
            message: uploadFailureMessage(failure),
            percent,
            canResume: canResumeAfter(failure),
          }),
        onStored: (file) => {
          current.current = null;
          void queryClient.invalidateQueries({ queryKey: materialKeys.all });
          if (!file) {
            setState({
              status: 'error',
              message: t('materials.storedUndescribed'),
              percent: 100,
              canResume: false,
            });
            return;
          }
          setState({ status: 'success', file });
          onSuccessRef.current?.(file);
        },
      });
      current.current = upload;
      setState({ status: 'running', percent: 0 });
      upload.start();
    },
    [queryClient],
  );

  const { pause, resume, cancel } = useUploadControls(current, setState);
  const reset = useCallback(() => setState({ status: 'idle' }), []);

  // Leaving the page stops a running upload and removes its partial bytes.
  useEffect(
    () => () => {
      current.current?.abort(true).catch(() => undefined);
      current.current = null;
    },
    [],
  );

  return { state, start, pause, resume, cancel, reset };
}

/** Renames a folder. Errors (409 name taken, 400 bad name) are shown by the form, not toasted. */
export function useRenameFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { oldFolderPath: string; newFolderPath: string }) =>
      api.call(MATERIAL_API.renameFolder, { body: input }, { notify: false }),
    onSuccess: (_, { oldFolderPath }) => {
      toastSuccess(t('materials.folderRenamed'));
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
