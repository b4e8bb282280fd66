import { createHash } from 'node:crypto';
import {
  captchaInput,
  formatCaptchaSolution,
  meetsDifficulty,
  type CaptchaChallenge,
} from '@portal/shared/onboarding';
import type { TestApp } from './app';

/** Asks the app for a challenge and solves it the way a browser does (tiny test difficulty). */
export async function solveCaptcha(t: TestApp, remoteAddress = '10.200.0.1'): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: '/api/captcha', remoteAddress });
  const challenge = response.json<{ data: CaptchaChallenge }>().data;
  for (let nonce = 0; ; nonce += 1) {
    const hash = createHash('sha256').update(captchaInput(challenge.salt, nonce)).digest();
    if (meetsDifficulty(new Uint8Array(hash), challenge.difficulty))
      return formatCaptchaSolution(challenge.id, nonce);
  }
}

/** A solution for the same challenge that does not meet the difficulty. */
export async function wrongCaptcha(t: TestApp, remoteAddress = '10.200.0.2'): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: '/api/captcha', remoteAddress });
  const challenge = response.json<{ data: CaptchaChallenge }>().data;
  for (let nonce = 0; ; nonce += 1) {
    const hash = createHash('sha256').update(captchaInput(challenge.salt, nonce)).digest();
    if (!meetsDifficulty(new Uint8Array(hash), challenge.difficulty))
      return formatCaptchaSolution(challenge.id, nonce);
  }
}
