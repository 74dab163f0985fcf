import type { MediaKind } from '@shared/api/media';
import { ImagePlus } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { squareImage } from '../../lib/square-image';
import { uploadFile } from '../../lib/upload';
import { Button } from '../../ui/Button';

/**
 * Picks a photo, crops it square in the browser and uploads it (kind `avatar` or `team_image`); answers the new
 * media id and a preview URL. A refused file says why, under the button.
 */
export function ImagePicker({
  kind,
  label,
  onPicked,
}: {
  kind: Extract<MediaKind, 'avatar' | 'team_image'>;
  label: string;
  onPicked: (picked: { mediaId: string; preview: string }) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    setBusy(true);
    try {
      const square = await squareImage(file);
      const { mediaId } = await uploadFile(square, { kind });
      onPicked({ mediaId, preview: URL.createObjectURL(square) });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-1">
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={picked}
        data-testid={`${kind}-file`}
      />
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={busy}
        aria-describedby={hintId}
        onClick={() => input.current?.click()}
      >
        <ImagePlus aria-hidden="true" />
        {busy ? 'Uploading...' : label}
      </Button>
      <p
        id={hintId}
        className={error ? 'font-semibold text-destructive-ink text-xs' : 'text-muted-foreground text-xs'}
        role={error ? 'alert' : undefined}
      >
        {error ?? 'JPEG, PNG or WebP up to 5 MB; cropped square.'}
      </p>
    </div>
  );
}
