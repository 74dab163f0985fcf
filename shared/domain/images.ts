/**
 * Still images people upload (a team image, a profile photo; docs/MEDIA.md "Images"): JPEG, PNG or WebP, known by
 * their bytes, never animated. Used by the server (after the last byte) and by the browser (before cropping), so
 * both refuse the same files with the same words.
 */

export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageUploadType = (typeof IMAGE_UPLOAD_TYPES)[number];

/** The largest image accepted (the original file; the browser's square crop is far smaller). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const IMAGE_MESSAGES = {
  notImage: 'This file is not a photo: choose a JPEG, PNG or WebP image.',
  tooLarge: 'This photo is larger than 5 MB: choose a smaller one.',
  animated: 'Animated images are not supported: choose a still photo.',
} as const;

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** The image type of a file from its first 16 bytes, or null when it is not a JPEG, PNG or WebP. */
export function sniffImage(head: Uint8Array): ImageUploadType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((v, i) => head[i] === v)) return 'image/png';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/**
 * Whether a whole image file is animated: an APNG (an `acTL` chunk before the image data) or an animated WebP
 * (the VP8X header's animation flag, or an `ANIM` chunk). A JPEG never is.
 */
export function isAnimatedImage(type: ImageUploadType, file: Uint8Array): boolean {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  if (type === 'image/png') {
    let pos = 8;
    while (pos + 8 <= file.length) {
      const length = view.getUint32(pos);
      const chunk = ascii(file, pos + 4, pos + 8);
      if (chunk === 'acTL') return true;
      if (chunk === 'IDAT' || chunk === 'IEND') return false;
      pos += 12 + length;
    }
    return false;
  }
  if (type === 'image/webp') {
    let pos = 12;
    while (pos + 8 <= file.length) {
      const chunk = ascii(file, pos, pos + 4);
      const length = view.getUint32(pos + 4, true);
      if (chunk === 'VP8X' && pos + 8 < file.length && (file[pos + 8]! & 0x02) !== 0) return true;
      if (chunk === 'ANIM' || chunk === 'ANMF') return true;
      pos += 8 + length + (length % 2);
    }
    return false;
  }
  return false;
}
