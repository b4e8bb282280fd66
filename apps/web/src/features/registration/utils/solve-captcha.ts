import type { CaptchaChallenge } from '@portal/shared/onboarding';
import { searchNonce } from './pow';

/** Tries per slice when the search runs on the page (no Worker): short enough to stay responsive. */
const PAGE_SLICE = 5_000;

function solveInWorker(challenge: CaptchaChallenge, signal: AbortSignal): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./captcha-worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      reject(new DOMException('aborted', 'AbortError'));
    };
    signal.addEventListener('abort', stop, { once: true });
    worker.onmessage = (event: MessageEvent<{ nonce?: number }>) => {
      if (event.data.nonce === undefined) return;
      signal.removeEventListener('abort', stop);
      worker.terminate();
      resolve(event.data.nonce);
    };
    worker.onerror = (event) => {
      signal.removeEventListener('abort', stop);
      worker.terminate();
      reject(new Error(event.message || 'captcha worker failed'));
    };
    worker.postMessage({ salt: challenge.salt, difficulty: challenge.difficulty });
  });
}

/** The same search in slices between frames, for browsers (and tests) without workers. */
async function solveOnPage(challenge: CaptchaChallenge, signal: AbortSignal): Promise<number> {
  for (let from = 0; ; from += PAGE_SLICE) {
    if (signal.aborted) throw new DOMException('aborted', 'AbortError');
    const nonce = searchNonce(challenge.salt, challenge.difficulty, from, PAGE_SLICE);
    if (nonce !== undefined) return nonce;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/** Finds the nonce of a proof-of-work challenge, in a Web Worker when the browser has one. */
export async function solveChallenge(
  challenge: CaptchaChallenge,
  signal: AbortSignal,
): Promise<number> {
  if (typeof Worker === 'function') {
    try {
      return await solveInWorker(challenge, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      // A worker the browser refuses (policy, old engine): search on the page instead.
    }
  }
  return solveOnPage(challenge, signal);
}
