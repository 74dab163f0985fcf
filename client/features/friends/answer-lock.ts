/**
 * One answer to a friend request at a time, app-wide. A double tap used to answer two people: the answered row
 * left the list at once and the next request's Accept slid under the finger. So a tap is ignored while an answer
 * is on its way and for `settleMs` after it settled, while the list moves.
 */
export function createAnswerLock(settleMs = 700, now: () => number = Date.now) {
  let busy = false;
  let settledAt = Number.NEGATIVE_INFINITY;
  return {
    /** Whether this tap may answer; when it may, the lock is held until `release`. */
    take(): boolean {
      if (busy || now() - settledAt < settleMs) return false;
      busy = true;
      return true;
    },
    release(): void {
      busy = false;
      settledAt = now();
    },
  };
}

export const answerLock = createAnswerLock();
