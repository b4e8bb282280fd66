import { Button, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Loading, error (with retry) and loaded states of a list, the same on every lesson screen. */
export function ListState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending)
    return (
      <Stack aria-busy="true" aria-label={t('loading')}>
        <Skeleton height={140} radius="md" />
        <Skeleton height={140} radius="md" />
      </Stack>
    );
  if (query.isError)
    return (
      <Stack align="flex-start" py="lg">
        <Text c="red.8" role="alert">
          {t('errorText')}
        </Text>
        <Button variant="light" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </Stack>
    );
  return <>{children(query.data)}</>;
}
