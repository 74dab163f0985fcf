import { badRequest } from './errors';

/** The opaque cursor of a page read newest first by id: the last id shown, as base64url (`nextCursor`). */
export const encodeCursor = (id: number) => Buffer.from(`id:${id}`).toString('base64url');

/** The id a cursor stands for; a cursor the server did not make is a 400. */
export function decodeCursor(cursor: string): number {
  const match = /^id:(\d{1,12})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw badRequest('cursor: is invalid');
  return Number(match[1]);
}
