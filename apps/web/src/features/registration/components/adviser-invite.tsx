import { Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AdviserCard } from '../../../components/adviser-card';
import { currentLanguage, messageText } from '../../../lib/i18n';
import { saleInfoQueryOptions } from '../api/registration-api';

/** The adviser of an invite code (getSaleInfo), or why there is none. */
export function AdviserInvite({ inviteCode }: { inviteCode: string | null }) {
  const { t } = useTranslation('registration');
  const adviser = useQuery({
    ...saleInfoQueryOptions(inviteCode ?? '', currentLanguage()),
    enabled: Boolean(inviteCode),
  });
  if (!inviteCode) return <Text c="dimmed">{messageText('inviteCodeInvalid')}</Text>;
  if (adviser.isPending) return <Skeleton height={120} />;
  if (adviser.isError)
    return (
      <Text c="red.8" role="alert">
        {adviser.error.message || t('adviserFailed')}
      </Text>
    );
  return <AdviserCard adviser={adviser.data} />;
}
