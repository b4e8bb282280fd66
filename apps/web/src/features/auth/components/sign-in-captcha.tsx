import { useEffect, useRef } from 'react';
// One human check for the whole app (ALTCHA in components/captcha; decisions 030 and 041).
import { CaptchaDialog } from '../../../components/captcha/captcha-dialog';
import { useCaptcha } from '../../../components/captcha/use-captcha';

/**
 * The human check a sign-in needs after a few wrong passwords for the phone (decision 030): it
 * starts at once and hands the solution over, which the form sends with the retried sign-in.
 * Loaded only when the server asks for it, so the sign-in page does not carry it.
 */
export function SignInCaptcha({
  onSolved,
  onClose,
}: {
  onSolved: (solution: string) => void;
  onClose: () => void;
}) {
  const captcha = useCaptcha();
  const solved = useRef(onSolved);
  useEffect(() => {
    solved.current = onSolved;
  }, [onSolved]);
  const { solve, take } = captcha;
  useEffect(() => {
    solve()
      .then(() => {
        const solution = take();
        if (solution) solved.current(solution);
      })
      // A failed check stays on screen with its retry button.
      .catch(() => undefined);
  }, [solve, take]);
  return <CaptchaDialog captcha={captcha} opened onClose={onClose} />;
}
