import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { Enrolment } from '@portal/shared/staff';
import { useDocumentTitle } from '@portal/web-kit/page';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { safeNext } from '../../../config/paths';
import { session } from '../../../lib/session';
import { CodeForm } from './code-form';
import { EnrolStep } from './enrol-step';
import { PasswordStep } from './password-step';
import { useAfterVerify } from './use-after-verify';

type Step =
  | { kind: 'password' }
  | { kind: 'code'; ticket: string; mode: 'totp' | 'recovery' }
  | { kind: 'enrol'; ticket: string; enrolment: Enrolment };

/**
 * Staff sign-in (/ops/sign-in): e-mail and password, then the authenticator's code or a
 * recovery code; a member without a second factor enrols first and is shown their recovery
 * codes once. Comes back to `?next=` afterwards.
 */
export function SignInPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('signInTitle'));
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [expired, setExpired] = useState(false);
  const { onVerified, codesStep } = useAfterVerify(next);
  // Someone already signed in who opens this page goes on; read once, not after signing in here.
  const [signedIn] = useState(() => session.getToken() !== null);
  if (signedIn) return <Navigate to={next} replace />;

  const onExpired = () => {
    setExpired(true);
    setStep({ kind: 'password' });
  };
  if (codesStep) return codesStep;

  switch (step.kind) {
    case 'password':
      return (
        <PasswordStep
          expired={expired}
          onNext={(answer) => {
            setExpired(false);
            setStep(
              answer.step === 'code'
                ? { kind: 'code', ticket: answer.ticket, mode: 'totp' }
                : { kind: 'enrol', ticket: answer.ticket, enrolment: answer.enrolment },
            );
          }}
        />
      );
    case 'code': {
      const totp = step.mode === 'totp';
      return (
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('codeTitle')}
          </Title>
          <Text>{totp ? t('codeIntro') : t('recoveryIntro')}</Text>
          <CodeForm
            key={step.mode}
            ticket={step.ticket}
            mode={step.mode}
            label={totp ? t('code') : t('recoveryCode')}
            onVerified={onVerified}
            onExpired={onExpired}
          />
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => setStep({ ...step, mode: totp ? 'recovery' : 'totp' })}
          >
            {totp ? t('useRecoveryCode') : t('useAuthenticator')}
          </Anchor>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => setStep({ kind: 'password' })}
          >
            {t('startAgain')}
          </Anchor>
        </Stack>
      );
    }
    case 'enrol':
      return (
        <EnrolStep
          ticket={step.ticket}
          enrolment={step.enrolment}
          onVerified={onVerified}
          onExpired={onExpired}
        />
      );
  }
}
