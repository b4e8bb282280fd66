import { SimpleGrid, Skeleton, Text } from '@mantine/core';
import { ListState, type ListStateProps } from '@portal/web-kit/list-state';
import '@mantine/core/styles/SimpleGrid.css';
import type { Child } from '@portal/shared/children';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The children as a grid (the children list and the onboarding picker), with the children's own
 * loading, error and empty states; `children` draws one child.
 */
export function ChildGrid({
  query,
  loadingHeight,
  children,
}: {
  query: ListStateProps<Child[]>['query'];
  loadingHeight: number;
  children: (child: Child) => ReactNode;
}) {
  const { t } = useTranslation('children');
  return (
    <ListState
      query={query}
      loading={<Skeleton height={loadingHeight} />}
      failedText={t('loadFailed')}
      isEmpty={(list) => list.length === 0}
      empty={
        <Text c="dimmed" role="status">
          {t('empty')}
        </Text>
      }
    >
      {(list) => <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>{list.map(children)}</SimpleGrid>}
    </ListState>
  );
}
