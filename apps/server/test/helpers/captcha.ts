import { parseCaptchaPayload, type CaptchaChallenge } from '@portal/shared/onboarding';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { TestApp } from './app';

const toBase64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

async function challengeFor(t: TestApp, remoteAddress: string): Promise<CaptchaChallenge> {
  const response = await t.app.inject({ method: 'GET', url: '/api/captcha', remoteAddress });
  return response.json<{ data: CaptchaChallenge }>().data;
}

/** The payload the `altcha` widget sends for a solved challenge (decision 041). */
function payloadOf(challenge: CaptchaChallenge, solution: { counter: number; derivedKey: string }) {
  return toBase64(
    JSON.stringify({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution,
    }),
  );
}

/**
 * Asks the app for a challenge and solves it with ALTCHA's own solver, as the widget does in a
 * browser (tiny test difficulty).
 */
export async function solveCaptcha(t: TestApp, remoteAddress = '10.200.0.1'): Promise<string> {
  const challenge = await challengeFor(t, remoteAddress);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the test captcha was not solved');
  return payloadOf(challenge, solution);
}

/** A payload for a real challenge whose solution is wrong (a key that is not the one). */
export async function wrongCaptcha(t: TestApp, remoteAddress = '10.200.0.2'): Promise<string> {
  const challenge = await challengeFor(t, remoteAddress);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the test captcha was not solved');
  return payloadOf(challenge, {
    counter: solution.counter + 1,
    derivedKey: solution.derivedKey.replace(/.$/, (last) => (last === '0' ? '1' : '0')),
  });
}

/** The stored challenge a payload names. */
export function captchaIdOf(payload: string): string {
  return parseCaptchaPayload(payload, (text) => Buffer.from(text, 'base64').toString('utf8'))!
    .challenge.parameters.data.id;
}

/** A payload of the right form that solves nothing (for checks of the other fields). */
export const FORMALLY_VALID_CAPTCHA = toBase64(
  JSON.stringify({
    challenge: { parameters: { data: { id: 'a'.repeat(22), expires_at: '' } }, signature: '' },
    solution: { counter: 1, derivedKey: '00' },
  }),
);
