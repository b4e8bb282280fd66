import type { Prefetch } from '@portal/web-kit/query-client';
import type { LoaderFunctionArgs } from 'react-router';
import { appQueryClient } from './query-client';
import { storage } from '../lib/storage';

/**
 * A route loader that starts a signed-in screen's first API calls while the screen's code is
 * still downloading. Without it they start only once the screen and its dozens of chunks have
 * arrived (issue #8: on a cold `/index` the calls began at 3.0 s, after the last chunk), and the
 * page renders twice, placeholders then data, shifting its layout. It never waits and never
 * fails: it returns at once, the screen's own `useQuery` joins the request in flight or reads the
 * answer from the cache, and a refused call is left for the screen to report.
 *
 * The prefetch functions (query options, ~2 KB gzip) are in the entry on purpose: loaded as a
 * chunk of their own they queued behind the screen's chunks on HTTP/1.1's six connections and the
 * calls started ~0.7 s later (bench/findings.md § 4). Their schemas are not: each query loads
 * its domain's schemas beside its request (api-client `schema`, decision 028), so the sign-in
 * page does not build them.
 */
export function prefetchOnOpen(prefetch: Prefetch) {
  return ({ request }: LoaderFunctionArgs): null => {
    if (storage.getToken()) {
      void Promise.resolve()
        .then(() => prefetch(appQueryClient, new URL(request.url)))
        .catch(() => undefined);
    }
    return null;
  };
}
