import type { VerifyAnswer } from '@portal/shared/staff';
import { useState, type ReactElement } from 'react';
import { useNavigate } from 'react-router';
import { RecoveryCodesStep } from './recovery-codes-step';
import { useCompleteSignIn } from './use-complete-sign-in';

/**
 * What follows a verified code on the sign-in and set-up pages: `onVerified` keeps the session,
 * then shows the recovery codes once (right after an enrolment: `codesStep`, to render instead of
 * the page's step while set) or goes on to `next`.
 */
export function useAfterVerify(next: string): {
  onVerified: (answer: VerifyAnswer) => void;
  codesStep: ReactElement | null;
} {
  const navigate = useNavigate();
  const complete = useCompleteSignIn();
  const [codes, setCodes] = useState<{ codes: string[]; email: string } | null>(null);
  const onVerified = (answer: VerifyAnswer) => {
    complete(answer);
    if (answer.recoveryCodes?.length)
      setCodes({ codes: answer.recoveryCodes, email: answer.me.email });
    else void navigate(next, { replace: true });
  };
  const codesStep = codes && (
    <RecoveryCodesStep
      codes={codes.codes}
      email={codes.email}
      onDone={() => void navigate(next, { replace: true })}
    />
  );
  return { onVerified, codesStep };
}
