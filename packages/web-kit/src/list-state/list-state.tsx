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
  /**
   * Shown when the load failed: given what it failed with (see loadFailure), or as it is. Unless
   * given, LoadFailed with `failedText` and a Retry button.
   */
  error?: ReactNode | ((failure: unknown) => ReactNode);
  /** LoadFailed's text when the server, not the network, failed the load (e.g. "Your children…"). */
  failedText?: string;
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
  failedText,
  empty,
  isEmpty,
  children,
}: ListStateProps<T>) {
  const { t } = useTranslation();
  const failure = loadFailure(query);
  if (failure !== undefined)
    return typeof error === 'function'
      ? error(failure)
      : (error ?? <LoadFailed error={failure} text={failedText} onRetry={() => query.refetch()} />);
  if (query.isPending)
    return (
      loading ?? (
        <Stack role="status" aria-busy="true" aria-label={t('loading')}>
          <Skeleton height={140} radius="md" />
          <Skeleton height={140} radius="md" />
        </Stack>
      )
    );
  const data = query.data as T;
  return <>{isEmpty?.(data) ? empty : children(data)}</>;
}

/**
 * What a query's load failed with, for a screen's error state: its error, or the network when
 * the query cache holds it back while the browser is offline (`fetchStatus: 'paused'`). Undefined
 * while it loads, and once it has an answer: a later fetch that fails leaves what the screen
 * shows in place (decision 051), under the offline banner when that is why.
 */
export function loadFailure(
  query: Pick<UseQueryResult<unknown>, 'isPending' | 'isError' | 'data'> &
    Partial<Pick<UseQueryResult<unknown>, 'error' | 'fetchStatus'>>,
): unknown {
  if (query.data !== undefined) return undefined;
  if (query.isPending && query.fetchStatus === 'paused') return OFFLINE;
  if (query.isError) return query.error ?? FAILED;
  return undefined;
}

/** What a paused query "failed" with: the network, as a fetch without a connection does. */
const OFFLINE = new ApiError(0, 0, 'offline');
/** What a failed query that does not say why failed with. */
const FAILED = new Error('load failed');

/** True when `error` is the network's (no answer at all), not the server's refusal. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.httpStatus === 0;
}

/**
 * What a failed load says when the network failed it (decision 051): "You are offline" while the
 * browser knows it is, else that the server could not be reached. Undefined when the server
 * answered (the screen says what could not be loaded).
 */
export function useNetworkFailureText(
  error: unknown,
): { title: string | undefined; text: string } | undefined {
  const { t } = useTranslation();
  if (!isNetworkFailure(error)) return undefined;
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return offline
    ? { title: t('offlineTitle'), text: t('offlineText') }
    : { title: undefined, text: t('networkError') };
}

/**
 * A failed load with a Retry button: the network's failure as useNetworkFailureText says it,
 * anything else as `text` (the generic error unless given).
 */
export function LoadFailed({
  error,
  text,
  onRetry,
}: {
  error: unknown;
  text?: string;
  onRetry: () => unknown;
}) {
  const { t } = useTranslation();
  const network = useNetworkFailureText(error);
  return (
    <Stack align="flex-start" py="lg">
      <div role="alert">
        {network?.title && (
          <Text fw={600} c="red.8">
            {network.title}
          </Text>
        )}
        <Text c="red.8">{network?.text ?? text ?? t('errorText')}</Text>
      </div>
      <Button variant="light" onClick={() => void onRetry()}>
        {t('retry')}
      </Button>
    </Stack>
  );
}
