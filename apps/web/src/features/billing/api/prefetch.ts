import type { Prefetch } from '../../../app/prefetch';
import { prefetchAccountHeader } from '../../../components/layout/prefetch-header';
import { rechargeQueryOptions } from './recharge-query';

/** `/recharge`: header and the credit packages. */
export const prefetchRecharge: Prefetch = (client) => {
  prefetchAccountHeader(client);
  void client.prefetchQuery(rechargeQueryOptions());
};
