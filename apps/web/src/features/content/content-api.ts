import {
  API_PREFIX,
  CONTENT_API,
  CONTENT_PAGE_SIZE,
  type ContentFilters,
  type ContentInput,
  UPLOAD_LIMIT_BYTES,
  type UploadFolder,
  ZUploadReply,
} from '@playshop/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { Upload } from 'tus-js-client';
import { api } from '../../api/api';
import { sessionStore } from '../../api/session-store';
import { useSavingMutation } from '../../api/use-saving-mutation';
import { serverText, t } from '../../i18n/i18n';
import { toastSuccess } from '../../ui/toast';

/** Query keys of the content library. */
export const contentKeys = {
  all: ['content'] as const,
  list: (filters: ContentFilters) => ['content', 'list', filters] as const,
  item: (id: number) => ['content', 'item', id] as const,
};

/** One content item; a 404 is shown by the page as 'Content not found', not as a toast. */
export function useContentItem(id: number | null) {
  return useQuery({
    queryKey: contentKeys.item(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      api.call(CONTENT_API.byId, { params: { id: id ?? 0 } }, { signal, notify: false }),
  });
}

/** The content library: pages of 50 matching the filters, one more on each Load More. */
export function useContentPages(filters: ContentFilters) {
  return useInfiniteQuery({
    queryKey: contentKeys.list(filters),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      // Empty filters are left out of the query.
      api.call(
        CONTENT_API.page,
        { params: { page: pageParam, size: CONTENT_PAGE_SIZE }, query: filters },
        { signal },
      ),
    getNextPageParam: (last) => last.nextPage ?? undefined,
  });
}

/** Deletes a content item; the server refuses one a session uses, naming the sessions. */
export function useDeleteContent() {
  return useSavingMutation(
    (id: number) => api.call(CONTENT_API.remove, { params: { id } }, { notify: false }),
    { success: () => t('content.deleted'), refresh: contentKeys.all },
  );
}

type UploadState =
  | { status: 'idle' }
  | { status: 'running' | 'paused'; percent: number }
  | { status: 'success'; url: string }
  | { status: 'error'; message: string };

/**
 * A resumable (tus) upload of one image into `content-images/` or `answer-images/`. The server
 * checks the bytes and the 5 MB limit; the file is refused here too before a byte is sent.
 */
export function useImageUpload(folder: UploadFolder) {
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const current = useRef<Upload | null>(null);

  const start = useCallback(
    (file: File): Promise<string> =>
      new Promise((resolve, reject) => {
        if (file.size > UPLOAD_LIMIT_BYTES) {
          setState({ status: 'error', message: t('content.fileTooLarge') });
          reject(new Error(t('content.fileTooLarge')));
          return;
        }
        const fail = (message: string) => {
          setState({ status: 'error', message });
          reject(new Error(message));
        };
        const upload = new Upload(file, {
          endpoint: `${API_PREFIX}/uploads`,
          metadata: { folder, filename: file.name, filetype: file.type },
          chunkSize: 1024 * 1024,
          retryDelays: [0, 1000, 3000],
          removeFingerprintOnSuccess: true,
          // The token may have been renewed between chunks: read it afresh for every request.
          onBeforeRequest: async (req) => {
            let token = sessionStore.get()?.accessToken;
            if (!token) token = (await api.refresh())?.accessToken;
            if (token) req.setHeader('Authorization', `Bearer ${token}`);
          },
          onProgress: (sent, total) =>
            setState({ status: 'running', percent: total ? Math.round((sent / total) * 100) : 0 }),
          onError: (error) => {
            const body = (error as { originalResponse?: { getBody(): string } }).originalResponse?.getBody();
            try {
              const reply = JSON.parse(body ?? '');
              fail(typeof reply?.message === 'string' ? serverText(reply) : error.message);
            } catch {
              fail(error.message);
            }
          },
          onSuccess: (payload) => {
            const parsed = ZUploadReply.safeParse(JSON.parse(payload.lastResponse.getBody() || 'null'));
            if (!parsed.success) return fail(t('content.uploadWithoutAddress'));
            setState({ status: 'success', url: parsed.data.url });
            resolve(parsed.data.url);
          },
        });
        current.current = upload;
        setState({ status: 'running', percent: 0 });
        upload.start();
      }),
    [folder],
  );

  const pause = useCallback(() => {
    void current.current?.abort();
    setState((s) => (s.status === 'running' ? { status: 'paused', percent: s.percent } : s));
  }, []);
  const resume = useCallback(() => {
    current.current?.start();
    setState((s) => (s.status === 'paused' ? { status: 'running', percent: s.percent } : s));
  }, []);
  const cancel = useCallback(() => {
    void current.current?.abort(true);
    current.current = null;
    setState({ status: 'idle' });
  }, []);

  return { state, start, pause, resume, cancel };
}

/** Creates (no id) or replaces (id) a content item. */
export function useSaveContent(id?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ContentInput) =>
      id === undefined
        ? api.call(CONTENT_API.create, { body: input })
        : api.call(CONTENT_API.edit, { params: { id }, body: input }),
    onSuccess: (saved) => {
      toastSuccess(id === undefined ? t('content.created') : t('content.updated'));
      queryClient.setQueryData(contentKeys.item(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: contentKeys.all });
    },
  });
}
