import type { ProofChallenge } from '@shared/api/proofs';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { issueCodeWord } from '../../api/proofs';

/** A code word is asked for again when less than this is left of it (a recording must start its upload in time). */
const FRESH_FOR_MS = 5 * 60_000;

export type CodeWordState =
  | { status: 'loading'; challenge: null }
  | { status: 'ready'; challenge: ProofChallenge }
  | { status: 'failed'; challenge: null; error: string };

/**
 * The code word of the recording screens (docs/RULES.md "A code word per recording"): asked for as the screen opens,
 * so it shows (with "Today's workout is already counted" when the proof will not count) before recording starts;
 * `fresh()` before recording answers it, or a new one when little of it is left or a proof used it.
 */
export function useCodeWord(challengeId: number) {
  const [state, setState] = useState<CodeWordState>({ status: 'loading', challenge: null });
  const current = useRef<ProofChallenge | null>(null);

  const fetchNew = useCallback(async (): Promise<ProofChallenge | null> => {
    setState({ status: 'loading', challenge: null });
    try {
      const challenge = await issueCodeWord(challengeId);
      current.current = challenge;
      setState({ status: 'ready', challenge });
      return challenge;
    } catch (error) {
      current.current = null;
      setState({ status: 'failed', challenge: null, error: errorMessage(error) });
      return null;
    }
  }, [challengeId]);

  useEffect(() => {
    void fetchNew();
  }, [fetchNew]);

  /** The code word to record with now. */
  const fresh = useCallback(async (): Promise<ProofChallenge | null> => {
    const have = current.current;
    if (have && new Date(have.expiresAt).getTime() - Date.now() > FRESH_FOR_MS) return have;
    return fetchNew();
  }, [fetchNew]);

  /** After a proof used it: the next recording gets a new one. */
  const spent = useCallback(() => {
    current.current = null;
    void fetchNew();
  }, [fetchNew]);

  return { ...state, fresh, spent, retry: fetchNew };
}
