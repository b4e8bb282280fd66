import { Badge } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accountQueryOptions } from '../../../api/credits';
import { profileQueryOptions } from '../../../api/profile';

/** The unlimited-plan badge (spec §2 Header): kids count and expiry, only for members. */
export function MemberBadge() {
  const { t } = useTranslation();
  const profile = useQuery(profileQueryOptions());
  const account = useQuery(accountQueryOptions());
  if (profile.data?.member_status !== 1) return null;
  return (
    <Badge color="grape" variant="filled" size="lg" tt="none">
      {t('memberBadge', { count: profile.data.member_kids })}
      {account.data?.member_expire_show
        ? ` · ${t('memberUntil', { date: account.data.member_expire_show })}`
        : ''}
    </Badge>
  );
}
