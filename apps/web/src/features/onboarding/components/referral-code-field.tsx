import { Button, Group, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ReferralCodeSchema, REFERRAL_CODE_MAX_LENGTH } from '@portal/shared/onboarding';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { messageText } from '../../../lib/i18n';
import { onboardingApi } from '../api/onboarding-api';

export interface ReferralCodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The code the server said yes to, or null. */
  verified: string | null;
  onVerifiedChange: (code: string | null) => void;
  /** What is wrong with the code, shown under the field. */
  error: string | null;
  /** A refusal: the form shows it at this field and as its one toast (useFormFeedback). */
  onWarn: (message: string) => void;
  /** The code was verified: the form's toast says so. */
  onNote: (message: string) => void;
}

/**
 * The optional referral code (spec §4): applied only after the server verified it; a verified
 * code is locked and can be cleared. A false answer shows the failure message (spec §5) under
 * the field.
 */
export function ReferralCodeField({
  value,
  onChange,
  verified,
  onVerifiedChange,
  error,
  onWarn,
  onNote,
}: ReferralCodeFieldProps) {
  const { t } = useTranslation('onboarding');
  const verify = useMutation({
    mutationFn: onboardingApi.verifyReferral,
    onSuccess: ({ result }, code) => {
      if (result) {
        onVerifiedChange(code);
        onNote(messageText('referralVerified'));
      } else {
        onWarn(messageText('referralFailed'));
      }
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.httpStatus !== 0) onWarn(failure.msg);
      else if (failure instanceof ApiError) onWarn(t('networkError', { ns: 'common' }));
    },
  });

  const check = () => {
    const parsed = ReferralCodeSchema.safeParse(value);
    if (!parsed.success) {
      onWarn(messageText(parsed.error.issues[0]?.message ?? 'EnterYourReferralCode'));
      return;
    }
    verify.mutate(parsed.data);
  };

  const button =
    verified !== null ? (
      <Button
        variant="default"
        miw={100}
        onClick={() => {
          onVerifiedChange(null);
          onChange('');
        }}
      >
        {t('clear')}
      </Button>
    ) : (
      <Button variant="light" miw={100} onClick={check} loading={verify.isPending}>
        {t('verify')}
      </Button>
    );

  return (
    <TextInput
      label={t('referral')}
      description={t('referralHint')}
      value={verified ?? value}
      readOnly={verified !== null}
      maxLength={REFERRAL_CODE_MAX_LENGTH}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error ?? undefined}
      // The button sits beside the input, the hint above and the error under both.
      inputContainer={(input) => (
        <Group gap="xs" wrap="nowrap">
          <div style={{ flex: 1 }}>{input}</div>
          {button}
        </Group>
      )}
      rightSection={
        verified !== null ? (
          <Text size="sm" fw={700} c="green.9">
            ✓ {t('verified')}
          </Text>
        ) : undefined
      }
      rightSectionWidth={verified !== null ? 90 : undefined}
    />
  );
}
