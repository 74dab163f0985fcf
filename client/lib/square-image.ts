import {
  IMAGE_MAX_BYTES,
  IMAGE_MESSAGES,
  IMAGE_UPLOAD_TYPES,
  isAnimatedImage,
  sniffImage,
} from '@shared/domain/images';

/** The side of the square the browser uploads (a team image, a profile photo). */
export const SQUARE_SIDE = 512;

/**
 * Checks a picked file by the same rules as the server (shared/domain/images.ts), then crops its middle square
 * and scales it to 512 x 512, as a JPEG. Throws an Error with the rule's words for a file that is refused.
 */
export async function squareImage(file: File): Promise<Blob> {
  if (file.size > IMAGE_MAX_BYTES) throw new Error(IMAGE_MESSAGES.tooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImage(bytes.subarray(0, 16));
  if (!type || !(IMAGE_UPLOAD_TYPES as readonly string[]).includes(type))
    throw new Error(IMAGE_MESSAGES.notImage);
  if (isAnimatedImage(type, bytes)) throw new Error(IMAGE_MESSAGES.animated);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(new Blob([bytes], { type }));
  } catch {
    throw new Error(IMAGE_MESSAGES.notImage);
  }
  const side = Math.min(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = SQUARE_SIDE;
  canvas.height = SQUARE_SIDE;
  const g = canvas.getContext('2d');
  if (!g) throw new Error('This browser cannot prepare the photo.');
  g.drawImage(
    bitmap,
    (bitmap.width - side) / 2,
    (bitmap.height - side) / 2,
    side,
    side,
    0,
    0,
    SQUARE_SIDE,
    SQUARE_SIDE,
  );
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error(IMAGE_MESSAGES.notImage))),
      'image/jpeg',
      0.9,
    ),
  );
}
