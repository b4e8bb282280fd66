import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { saleInfoQueryOptions } from '../api/registration-api';

/**
 * The adviser of a link's invite code (getSaleInfo). `isInvalid` when the link has a code the
 * server does not know (a refusal, not a network failure): the page then says so once and
 * registers without it.
 */
export function useInviteAdviser(inviteCode: string | null) {
  const adviser = useQuery({
    ...saleInfoQueryOptions(inviteCode ?? '', currentLanguage()),
    enabled: Boolean(inviteCode),
    retry: false,
  });
  const isInvalid =
    adviser.error instanceof ApiError &&
    adviser.error.httpStatus >= 400 &&
    adviser.error.httpStatus < 500;
  return { adviser, isInvalid };
}
