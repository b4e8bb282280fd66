import type { Prefetch } from '@portal/web-kit/query-client';
import { prefetchAccountHeader } from '../../../api/account-header';
import { rechargeQueryOptions } from './recharge-query';

/** `/recharge`: header and the credit packages. */
export const prefetchRecharge: Prefetch = (client) => {
  prefetchAccountHeader(client);
  void client.prefetchQuery(rechargeQueryOptions());
};
