import { formatCaptchaSolution } from '@portal/shared/onboarding';
import { useCallback, useEffect, useRef, useState } from 'react';
import { registrationApi } from '../api/registration-api';
import { solveChallenge } from '../utils/solve-captcha';

/** A solution is sent this long before its challenge expires at the latest. */
const EXPIRY_MARGIN_MS = 15_000;

export type CaptchaStatus = 'idle' | 'solving' | 'solved' | 'failed';

interface Solved {
  solution: string;
  expiresAt: number;
}

/**
 * The registration captcha (decision 020): fetches a challenge and searches its proof of work
 * in the browser. A solution is single use and expires with its challenge, so `take()` hands it
 * out once and `solution()` forgets one that is about to expire.
 */
export function useCaptcha() {
  const [status, setStatus] = useState<CaptchaStatus>('idle');
  const solved = useRef<Solved | null>(null);
  const running = useRef<Promise<string> | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const solve = useCallback((): Promise<string> => {
    if (running.current) return running.current;
    const controller = new AbortController();
    abort.current = controller;
    setStatus('solving');
    const work = (async () => {
      try {
        const challenge = await registrationApi.captchaChallenge();
        const nonce = await solveChallenge(challenge, controller.signal);
        const solution = formatCaptchaSolution(challenge.id, nonce);
        solved.current = { solution, expiresAt: Date.parse(challenge.expires_at) };
        setStatus('solved');
        return solution;
      } catch (error) {
        if (!controller.signal.aborted) setStatus('failed');
        throw error;
      } finally {
        running.current = null;
      }
    })();
    running.current = work;
    return work;
  }, []);

  /** The current solution, if it is still valid. */
  const solution = useCallback((): string | undefined => {
    const current = solved.current;
    if (!current || current.expiresAt - EXPIRY_MARGIN_MS < Date.now()) return undefined;
    return current.solution;
  }, []);

  /** Hands the solution out once: the server uses it up whatever the answer. */
  const take = useCallback((): string | undefined => {
    const current = solution();
    solved.current = null;
    setStatus('idle');
    return current;
  }, [solution]);

  return { status, solve, solution, take };
}

export type Captcha = ReturnType<typeof useCaptcha>;
