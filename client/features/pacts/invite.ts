/** Invite links and texts for the Web Share API, with the clipboard as the fallback. */

export interface ShareData {
  title: string;
  text: string;
  url: string;
}

/** The site invite of Home's Invite tile. */
export function siteInvite(origin: string): ShareData {
  const url = `${origin.replace(/\/+$/, '')}/`;
  return {
    title: 'SweatPact',
    text: 'Join me on SweatPact: workout challenges with friends. Let’s keep each other honest!',
    url,
  };
}

/** A Pact's invite: its chat, where joining happens. */
export function pactInvite(origin: string, pact: { id: number; title: string }): ShareData {
  return {
    title: pact.title,
    text: `Join my Pact "${pact.title}" on SweatPact and work out with me!`,
    url: `${origin.replace(/\/+$/, '')}/chat/${pact.id}`,
  };
}

/** What the clipboard gets when sharing is unavailable: the text and the link together. */
export function clipboardText(data: ShareData): string {
  return `${data.text} ${data.url}`;
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

interface ShareEnv {
  share?: (data: ShareData) => Promise<void>;
  writeText?: (text: string) => Promise<void>;
}

/**
 * Shares through the Web Share API when there is one, else copies to the clipboard. A share the user dismisses
 * (AbortError) is 'cancelled', not a failure.
 */
export async function shareOrCopy(data: ShareData, env: ShareEnv = browserShareEnv()): Promise<ShareOutcome> {
  if (env.share) {
    try {
      await env.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') return 'cancelled';
      // Other share failures (not allowed in this context) fall through to the clipboard.
    }
  }
  if (!env.writeText) return 'failed';
  try {
    await env.writeText(clipboardText(data));
    return 'copied';
  } catch {
    return 'failed';
  }
}

function browserShareEnv(): ShareEnv {
  if (typeof navigator === 'undefined') return {};
  return {
    share: typeof navigator.share === 'function' ? (d) => navigator.share(d) : undefined,
    writeText: navigator.clipboard ? (t) => navigator.clipboard.writeText(t) : undefined,
  };
}
