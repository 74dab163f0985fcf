const HINT = 'signed-in';

/** Notes whether someone is signed in on this device: a hint for loading ahead (route-preload.ts), never access. */
export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(HINT, '1');
    else localStorage.removeItem(HINT);
  } catch {}
}

export function wasSignedIn(): boolean {
  try {
    return localStorage.getItem(HINT) === '1';
  } catch {
    return false;
  }
}
