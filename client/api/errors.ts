/**
 * The one error of the client layer: any HTTP answer that is not ok (and an answer that does not match the
 * contract). Its message follows the transport rule: "STATUS: text", the status text when the body is empty, so
 * logs and tests read the same everywhere; `errorMessage` shows the server's `{ message }` to people.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    /** The answer's text (empty when none). */
    readonly text: string,
    statusText = '',
    /** The parsed JSON answer when there was one, else the text. */
    readonly body: unknown = parseBody(text),
  ) {
    super(`${status}: ${text || statusText}`);
  }
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Raises an ApiError for a non-ok response. */
export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new ApiError(res.status, text, res.statusText);
}

export const NETWORK_ERROR_MESSAGE = 'No connection. Check your network and try again.';
/** fetch()'s network failure in Chromium, Firefox and Safari (other TypeErrors are the code's own). */
const FETCH_FAILED =
  /^(Failed to fetch|NetworkError when attempting to fetch resource\.?|Load failed|Network request failed)$/;

/**
 * What to tell people: the server's `{ message }`, a plain-text answer, a plain word for a network failure (the
 * browser's "Failed to fetch" means nothing to anyone), or the fallback.
 */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (isNetworkError(error) && FETCH_FAILED.test((error as TypeError).message)) return NETWORK_ERROR_MESSAGE;
  if (error instanceof ApiError) {
    const body = error.body;
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
      return withoutFieldKey(body.message);
    }
    const text = error.text.trim();
    return text && !text.startsWith('<') ? text : fallback;
  }
  if (error instanceof Error) return error.message || fallback;
  return fallback;
}

/** 'teamName' -> 'Team name', 'password' -> 'Password'. */
function fieldWords(key: string): string {
  const words = key
    .split('.')
    .pop()!
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The server names the field of an invalid input the API's way ('password: is too common', 'teamName: must not be
 * blank'); people read it as a sentence: 'Password is too common', 'Team name must not be blank'.
 */
export function withoutFieldKey(message: string): string {
  const match = /^([a-z][A-Za-z0-9_.]*(?:, [a-z][A-Za-z0-9_.]*)*): (.+)$/s.exec(message);
  if (!match) return message;
  const fields = match[1]!.split(', ').map(fieldWords);
  const rest = match[2]!;
  const subject = fields.length === 1 ? fields[0]! : `${fields.slice(0, -1).join(', ')} and ${fields.at(-1)}`;
  return `${subject} ${rest}`;
}

/** The HTTP status of an ApiError, or null for network and other errors. */
export function errorStatus(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

/** fetch() rejects with a TypeError when the network fails (offline, DNS, connection reset). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}
