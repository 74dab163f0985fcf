import type { IncomingMessage } from 'node:http';
import { Server } from '@tus/server';
import type { DataStore } from '@tus/utils';
import { MEDIA_LIMITS, UPLOADS_PATH } from '../../../shared/api/media';
import { AppError } from '../../platform/errors';
import { newStorageKey } from '../../platform/storage';
import type { SessionUser } from '../session/guard';
import { completeUpload, type MediaEnv, startUpload } from './service';

/**
 * What the route checked for each raw request before tus took over: the signed-in uploader, and the upload id
 * whose ownership it verified. tus acts on that id and no other (see `getFileIdFromRequest` below).
 */
const checked = new WeakMap<IncomingMessage, { user: SessionUser; uploadId?: string }>();

export function setChecked(req: IncomingMessage, user: SessionUser, uploadId?: string) {
  checked.set(req, { user, uploadId });
}

function checkedOf(req: Request) {
  const raw = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
  return raw ? checked.get(raw) : undefined;
}

function uploaderOf(req: Request): SessionUser {
  const entry = checkedOf(req);
  if (!entry) throw tusError(new AppError(401, 'Not signed in', 'unauthorized'));
  return entry.user;
}

/** tus answers hook failures with `{ status_code, body }`; the body is our usual error JSON. */
function tusError(err: unknown) {
  if (err instanceof AppError) {
    return { status_code: err.statusCode, body: JSON.stringify({ error: err.code, message: err.message }) };
  }
  return err;
}

async function asTus<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw tusError(err);
  }
}

/** The tus server behind /api/uploads: server-made ids, the 200 MB cap, and our checks on create and finish. */
export function createTusServer(env: MediaEnv, datastore: DataStore): Server {
  const tus = new Server({
    path: UPLOADS_PATH,
    datastore,
    maxSize: MEDIA_LIMITS.maxVideoBytes,
    relativeLocation: true,
    namingFunction: () => newStorageKey(),
    // tus would take the id from the end of the whole URL, query string included, so `<mine>?x=/<yours>` acted
    // on someone else's upload. The id is derived once, by the route, and checked there; tus gets that one.
    getFileIdFromRequest: (req) => checkedOf(req)?.uploadId,
    // Same-origin app: no cross-origin uploads.
    allowedOrigins: env.ctx.config.trustedOrigins,
    disableTerminationForFinishedUploads: true,
    onUploadCreate: (req, upload) =>
      asTus(async () => {
        await startUpload(env, uploaderOf(req), upload);
        return {};
      }),
    onUploadFinish: (req, upload) =>
      asTus(async () => {
        const media = await completeUpload(env, uploaderOf(req), upload.id);
        return { headers: { 'Media-Id': media.id, 'Media-Url': media.url } };
      }),
  });
  return tus;
}
