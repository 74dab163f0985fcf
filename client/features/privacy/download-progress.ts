import type { DownloadProgress } from '../../api/privacy';

const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(bytes < 10 * 1024 ** 2 ? 1 : 0)} MB`;

/** "3.2 MB of 41 MB (8%)", or "3.2 MB" when the size was not announced. */
export function downloadLabel({ received, total }: DownloadProgress): string {
  if (!total) return mb(received);
  const percent = Math.min(100, Math.floor((received / total) * 100));
  return `${mb(received)} of ${mb(total)} (${percent}%)`;
}

/** Hands a Blob to the browser as a download under `filename`. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
