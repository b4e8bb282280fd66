import { Button, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api-client';

export interface ListStateProps<T> {
  query: Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'data' | 'refetch'> &
    Partial<Pick<UseQueryResult<T>, 'error' | 'fetchStatus'>>;
  /** Shown while the first answer is awaited; two card skeletons unless given. */
  loading?: ReactNode;
  /** Shown when the load failed; the error text with a Retry button unless given. */
  error?: ReactNode;
  /** Shown in place of `children` when `isEmpty(data)`. */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

/**
 * The loading, error (with retry), empty and loaded states of what a query shows, in that order,
 * so a screen writes only what differs: `<ListState query={q} empty={…} isEmpty={…}>{(data) => …}`.
 * A query the query cache holds back while the browser is offline (`fetchStatus: 'paused'`) is
 * shown as the offline error, not as a skeleton that never ends.
 */
export function ListState<T>({
  query,
  loading,
  error,
  empty,
  isEmpty,
  children,
}: ListStateProps<T>) {
  const { t } = useTranslation();
  const paused = query.isPending && query.fetchStatus === 'paused';
  if (query.isPending && !paused)
    return (
      loading ?? (
        <Stack role="status" aria-busy="true" aria-label={t('loading')}>
          <Skeleton height={140} radius="md" />
          <Skeleton height={140} radius="md" />
        </Stack>
      )
    );
  if (query.isError || paused)
    return (
      error ?? <LoadFailed error={paused ? OFFLINE : query.error} onRetry={() => query.refetch()} />
    );
  const data = query.data as T;
  return <>{isEmpty?.(data) ? empty : children(data)}</>;
}

/** What a paused query "failed" with: the network, as a fetch without a connection does. */
const OFFLINE = new ApiError(0, 0, 'offline');

/** True when `error` is the network's (no answer at all), not the server's refusal. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.httpStatus === 0;
}

/**
 * A failed load with a Retry button. A failure of the network says so: "You are offline" while
 * the browser knows it is, else that the server could not be reached; anything else is the
 * generic error (decision 051).
 */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => unknown }) {
  const { t } = useTranslation();
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  const network = isNetworkFailure(error);
  return (
    <Stack align="flex-start" py="lg">
      <div role="alert">
        {network && offline && (
          <Text fw={600} c="red.8">
            {t('offlineTitle')}
          </Text>
        )}
        <Text c="red.8">
          {network ? (offline ? t('offlineText') : t('networkError')) : t('errorText')}
        </Text>
      </div>
      <Button variant="light" onClick={() => void onRetry()}>
        {t('retry')}
      </Button>
    </Stack>
  );
}
