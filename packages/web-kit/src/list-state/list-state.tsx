import { Button, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ListStateProps<T> {
  query: Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'data' | 'refetch'>;
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
  if (query.isPending)
    return (
      loading ?? (
        <Stack role="status" aria-busy="true" aria-label={t('loading')}>
          <Skeleton height={140} radius="md" />
          <Skeleton height={140} radius="md" />
        </Stack>
      )
    );
  if (query.isError)
    return (
      error ?? (
        <Stack align="flex-start" py="lg">
          <Text c="red.8" role="alert">
            {t('errorText')}
          </Text>
          <Button variant="light" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      )
    );
  const data = query.data as T;
  return <>{isEmpty?.(data) ? empty : children(data)}</>;
}
