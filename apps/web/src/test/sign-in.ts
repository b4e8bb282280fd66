import { stubFetch } from './render';

// The sign-in's answers for the tests of the sign-in page and its frame.

const LOGIN = { token: 't'.repeat(43), status: 1, user_sn: 'P1' };

/** Answers the sign-in; the profile says the account's earlier language is English. */
export function stubSignIn(
  loginAnswer: { status?: number; body: unknown } = { body: { code: 200, msg: 'ok', data: LOGIN } },
) {
  return stubFetch((url) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/verify-code-login') return loginAnswer;
    if (path === '/api/user/profile')
      return { body: { code: 200, msg: 'ok', data: { language: 'en' } } };
    return { body: { code: 200, msg: 'ok', data: null } };
  });
}
