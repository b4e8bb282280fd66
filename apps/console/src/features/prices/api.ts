import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  PriceListSchema,
  PriceSavedSchema,
  type PriceGoodBody,
  type PricePackageBody,
  type PricePlanBody,
} from '@portal/shared/staff';
import { api, OPS_API } from '../../lib/api-client';

const BASE = `${OPS_API}/prices`;
const pricesKey = ['ops', 'prices'] as const;
const saved = { schema: PriceSavedSchema };

/** The kinds of item, as the URLs name them. */
export type PriceKind = 'packages' | 'plans' | 'goods';

/** GET /api/ops/prices — packages, plans and offers, the offer's goods; retired included. */
export const pricesQuery = () =>
  queryOptions({
    queryKey: pricesKey,
    queryFn: () => api.get(BASE, { schema: PriceListSchema }),
  });

/** After any write: the list is stale. */
export const refreshPrices = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: pricesKey });

export const pricesApi = {
  savePackage: (id: number | null, body: PricePackageBody) =>
    api.post(id === null ? `${BASE}/packages` : `${BASE}/packages/${id}`, body, saved),
  savePlan: (id: number | null, body: PricePlanBody) =>
    api.post(id === null ? `${BASE}/plans` : `${BASE}/plans/${id}`, body, saved),
  saveGood: (id: number | null, body: PriceGoodBody) =>
    api.post(id === null ? `${BASE}/goods` : `${BASE}/goods/${id}`, body, saved),
  retire: (kind: PriceKind, id: number) => api.post(`${BASE}/${kind}/${id}/retire`, {}, saved),
};
