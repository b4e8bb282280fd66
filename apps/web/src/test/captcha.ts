import { parseCaptchaPayload, type CaptchaChallenge } from '@portal/shared/onboarding';
import { createChallenge, randomInt, solveChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/**
 * The human check in tests (decision 041): real ALTCHA challenges signed here as the server
 * signs them, solved by the real widget, whose proof of work runs on the test's thread
 * (happy-dom has no workers) with ALTCHA's own solver.
 */
const SECRET = 'web tests captcha key, 32 characters or more';

/** A signed challenge of a few hundred tries, as GET /api/captcha answers it. */
export async function testChallenge(id = 'test-challenge-0123456789'): Promise<CaptchaChallenge> {
  const challenge = await createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(512),
    deriveKey,
    data: { id, expires_at: new Date(Date.now() + 300_000).toISOString() },
    hmacSignatureSecret: SECRET,
  });
  return challenge as CaptchaChallenge;
}

/** Does a `captcha` field solve a challenge of `testChallenge`? (The server's check.) */
export async function solvesTestChallenge(captcha: unknown): Promise<string | undefined> {
  const payload = parseCaptchaPayload(String(captcha), (text) => atob(text));
  if (!payload) return undefined;
  const result = await verifySolution({
    challenge: payload.challenge as unknown as Parameters<typeof verifySolution>[0]['challenge'],
    solution: payload.solution,
    deriveKey,
    hmacSignatureSecret: SECRET,
  });
  return result.verified ? payload.challenge.parameters.data.id : undefined;
}

type Listener = (event: { data: unknown }) => void;

/** ALTCHA's worker protocol on this thread: `work` a challenge slice, `abort`. */
export class InThreadCaptchaWorker {
  private listeners = new Set<Listener>();
  private controller = new AbortController();

  addEventListener(type: string, listener: Listener) {
    if (type === 'message') this.listeners.add(listener);
  }

  removeEventListener(type: string, listener: Listener) {
    this.listeners.delete(listener);
  }

  postMessage(message: { type: string } & Record<string, unknown>) {
    if (message.type === 'abort') {
      this.controller.abort();
      return;
    }
    void solveChallenge({
      ...(message as unknown as Parameters<typeof solveChallenge>[0]),
      controller: this.controller,
      deriveKey,
    }).then((solution) => {
      for (const listener of this.listeners) listener({ data: solution });
    });
  }

  terminate() {
    this.controller.abort();
  }
}

/**
 * What the widget needs of the page that happy-dom does not say (a secure context), and no
 * minimum verifying time (ALTCHA's default half second is for people, not tests).
 */
export async function allowCaptchaInTests() {
  Object.defineProperty(globalThis, 'isSecureContext', { value: true, configurable: true });
  await import('altcha/external');
  $altcha.defaults.set({ minDuration: 0 });
}
