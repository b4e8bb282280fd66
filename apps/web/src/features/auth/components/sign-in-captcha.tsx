import { useEffect, useRef } from 'react';
// The registration's proof-of-work check, as it is: one captcha for the whole app (decision 030).
import { CaptchaDialog } from '../../registration/components/captcha-dialog';
import { useCaptcha } from '../../registration/hooks/use-captcha';

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
