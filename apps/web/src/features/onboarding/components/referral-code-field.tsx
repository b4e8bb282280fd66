import { Button, Group, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ReferralCodeSchema, REFERRAL_CODE_MAX_LENGTH } from '@portal/shared/onboarding';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { messageText } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { onboardingApi } from '../api/onboarding-api';

export interface ReferralCodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The code the server said yes to, or null. */
  verified: string | null;
  onVerifiedChange: (code: string | null) => void;
}

/**
 * The optional referral code (spec §4): applied only after the server verified it; a verified
 * code is locked and can be cleared. A false answer shows the failure message (spec §5).
 */
export function ReferralCodeField({
  value,
  onChange,
  verified,
  onVerifiedChange,
}: ReferralCodeFieldProps) {
  const { t } = useTranslation('onboarding');
  const verify = useMutation({
    mutationFn: onboardingApi.verifyReferral,
    onSuccess: ({ result }, code) => {
      if (result) {
        onVerifiedChange(code);
        notify('green', messageText('referralVerified'));
      } else {
        notify('yellow', messageText('referralFailed'));
      }
    },
    onError: (error) => {
      if (error instanceof ApiError && error.httpStatus !== 0) notify('yellow', error.msg);
    },
  });

  const check = () => {
    const parsed = ReferralCodeSchema.safeParse(value);
    if (!parsed.success) {
      notify('yellow', messageText(parsed.error.issues[0]?.message ?? 'EnterYourReferralCode'));
      return;
    }
    verify.mutate(parsed.data);
  };

  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        style={{ flex: 1 }}
        label={t('referral')}
        description={t('referralHint')}
        value={verified ?? value}
        readOnly={verified !== null}
        maxLength={REFERRAL_CODE_MAX_LENGTH}
        onChange={(event) => onChange(event.currentTarget.value)}
        rightSection={
          verified !== null ? (
            <Text size="sm" fw={700} c="green.9">
              ✓ {t('verified')}
            </Text>
          ) : undefined
        }
        rightSectionWidth={verified !== null ? 90 : undefined}
      />
      {verified !== null ? (
        <Button
          variant="default"
          w={100}
          onClick={() => {
            onVerifiedChange(null);
            onChange('');
          }}
        >
          {t('clear')}
        </Button>
      ) : (
        <Button variant="light" w={100} onClick={check} loading={verify.isPending}>
          {t('verify')}
        </Button>
      )}
    </Group>
  );
}
