import { mediaDescriptor, mediaIdParams } from '../media';
import { defineRoutes } from '../route';

const NOT_VISIBLE = 'No such media, or one the caller may not see.';

/** Uploads and playback (docs/MEDIA.md). */
export const mediaRoutes = defineRoutes('media', {
  describe: {
    summary: 'A playable video or image: its URL, type, size and duration',
    auth: 'user',
    params: mediaIdParams,
    answers: { 200: mediaDescriptor },
    errors: { 404: NOT_VISIBLE },
  },
  play: {
    summary: 'The bytes of a video or image, with HTTP range requests (206, 416)',
    description: 'A malformed id names no media: 404 like an unknown one.',
    auth: 'optional',
    errors: { 404: NOT_VISIBLE },
    hidden: true,
  },
  uploadCreate: {
    summary: 'tus 1.0 creation: Upload-Length and Upload-Metadata (kind, filetype)',
    auth: 'user',
    errors: {
      400: 'Metadata or Upload-Length missing or invalid.',
      401: 'Not signed in.',
      403: 'A foreign origin.',
      413: 'Larger than the kind allows.',
      415: 'A type the kind does not allow.',
    },
    hidden: true,
  },
  upload: {
    summary: "tus 1.0 HEAD (offset), PATCH (append) and DELETE (cancel) of the caller's own upload",
    auth: 'user',
    errors: {
      401: 'Not signed in.',
      403: 'A foreign origin.',
      404: 'No such upload of the caller.',
      409: 'DELETE of a file a proof or a Pact uses (it goes with what uses it).',
      413: 'More bytes than announced.',
      415: 'The bytes are not the announced type.',
      422: 'A video longer than allowed.',
    },
    hidden: true,
  },
});
