import { THUMBNAIL_JPEG_QUALITY } from '@shared/domain/limits';
import { thumbnailTime } from './camera-logic';

function once(target: HTMLVideoElement, event: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      target.removeEventListener(event, onEvent);
      target.removeEventListener('error', onError);
      resolve(ok);
    };
    const onEvent = () => done(true);
    const onError = () => done(false);
    const timer = setTimeout(() => done(false), timeoutMs);
    target.addEventListener(event, onEvent);
    target.addEventListener('error', onError);
  });
}

/**
 * The proof's poster: the frame at 1 s of the recorded video as a JPEG of quality 0.8, drawn through
 * a canvas. Null when the browser cannot decode or seek the clip; the proof is then sent without a poster.
 */
export async function captureThumbnail(video: Blob): Promise<Blob | null> {
  const url = URL.createObjectURL(video);
  const el = document.createElement('video');
  el.muted = true;
  el.playsInline = true;
  el.preload = 'auto';
  try {
    const loaded = once(el, 'loadeddata', 5000);
    el.src = url;
    if (!(await loaded)) return null;
    const seeked = once(el, 'seeked', 3000);
    el.currentTime = thumbnailTime(el.duration);
    await seeked; // Without a seek (no cues in the webm) the first frame still makes a fair poster.
    const width = el.videoWidth;
    const height = el.videoHeight;
    if (!width || !height) return null;
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(el, 0, 0, width, height);
    return await new Promise<Blob | null>((resolve) =>
      canvas.toBlob((blob) => resolve(blob), 'image/jpeg', THUMBNAIL_JPEG_QUALITY),
    );
  } catch {
    return null;
  } finally {
    el.removeAttribute('src');
    el.load();
    URL.revokeObjectURL(url);
  }
}
