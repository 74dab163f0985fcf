import { paths } from '@shared/api/paths';
import type { DeletionRequestBody } from '@shared/api/privacy';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, urlOf } from './client';
import { throwIfNotOk } from './errors';
import { resourceKeys, STALE } from './keys';

const keys = resourceKeys('privacy');
export const privacyKeys = { all: keys.all, pending: keys.key('pending') };

/** Delete My Data: signed in or out (the server uses the session's user when there is one). */
export const requestDeletion = (body: DeletionRequestBody) => api.privacy.requestDeletion({ body });

/** The signed-in user's deletion requests that have not run (Settings lists them with Cancel). */
export function usePendingDeletions(enabled = true) {
  return useQuery({
    queryKey: privacyKeys.pending,
    queryFn: ({ signal }) => api.privacy.myDeletion({ signal }),
    enabled,
    staleTime: STALE.MINUTE,
  });
}

export function useCancelDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.privacy.cancelDeletion({ params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: privacyKeys.all }),
  });
}

/** Progress of a download: bytes received of the announced total (null when the server did not say). */
export interface DownloadProgress {
  received: number;
  total: number | null;
}

/**
 * "Download my data": streams the zip, reporting progress as it arrives, and answers it as a Blob with its file
 * name (the server's Content-Disposition). Errors are ApiErrors with the server's message (409 while another
 * export runs, 429 after too many).
 */
export async function downloadMyData(
  onProgress: (progress: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<{ blob: Blob; filename: string }> {
  const res = await fetch(urlOf(paths.privacy.exportData), { credentials: 'include', signal });
  await throwIfNotOk(res);
  const length = Number(res.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const filename =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'sweatpact-data.zip';
  const chunks: BlobPart[] = [];
  let received = 0;
  onProgress({ received, total });
  if (res.body) {
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress({ received, total });
    }
  }
  return { blob: new Blob(chunks, { type: 'application/zip' }), filename };
}
