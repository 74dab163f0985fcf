import { Download } from 'lucide-react';
import { useRef, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { type DownloadProgress, downloadMyData } from '../../api/privacy';
import { Button } from '../../ui/Button';
import { ProgressBar } from '../../ui/ProgressBar';
import { toast } from '../../ui/use-toast';
import { downloadLabel, saveBlob } from './download-progress';

/**
 * Settings' "Download my data": fetches the zip of everything the user has (docs/PRIVACY.md) with a progress bar,
 * then hands it to the browser to save. Cancel stops the transfer.
 */
export function DownloadMyData() {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const abort = useRef<AbortController | null>(null);

  const start = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ received: 0, total: null });
    try {
      const { blob, filename } = await downloadMyData(setProgress, controller.signal);
      saveBlob(blob, filename);
      toast({ title: 'Your data is ready', description: `Saved as ${filename}.`, variant: 'success' });
    } catch (error) {
      if (!controller.signal.aborted) {
        toast({ title: 'Download failed', description: errorMessage(error), variant: 'destructive' });
      }
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };

  if (progress) {
    return (
      <div className="grid gap-2 py-3" aria-live="polite">
        <div className="flex items-center justify-between gap-3 text-sm">
          <span className="font-medium">Preparing your data...</span>
          <Button variant="ghost" size="sm" onClick={() => abort.current?.abort()}>
            Cancel
          </Button>
        </div>
        <ProgressBar
          label="Download my data"
          value={progress.total ? progress.received / progress.total : 0}
        />
        <span className="text-muted-foreground text-xs">{downloadLabel(progress)}</span>
      </div>
    );
  }
  return (
    <button
      type="button"
      onClick={start}
      className="-mx-2 flex w-[calc(100%+1rem)] items-center gap-3 rounded-xl px-2 py-3 text-left font-medium text-sm transition-colors hover:bg-secondary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="flex size-9 items-center justify-center rounded-xl bg-muted text-muted-foreground">
        <Download className="size-4" aria-hidden="true" />
      </span>
      <span className="flex-1">
        Download my data
        <span className="block font-normal text-muted-foreground text-xs">
          A zip of your account, Pacts, messages, proofs and videos
        </span>
      </span>
    </button>
  );
}
