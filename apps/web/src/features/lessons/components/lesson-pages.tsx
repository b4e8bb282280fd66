import { Group, Pagination, Stack, type MantineSpacing } from '@mantine/core';
import '@mantine/core/styles/Pagination.css';
import { ListState, type ListStateProps } from '@portal/web-kit/list-state';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LIST_PAGE_SIZE } from '../api/schedule-queries';

export interface LessonPagesProps<T> {
  /** One page of the list call (spec §9: 10 a page), with the total beside it. */
  query: ListStateProps<{ data: T[]; total: number }>['query'];
  page: number;
  onPage: (page: number) => void;
  gap: MantineSpacing;
  /** The page numbers show from this many lessons on. */
  pagesFrom: number;
  /** Shown in place of the list and its pages when there is nothing at all. */
  none?: ReactNode;
  /** Shown in place of the list when this page has nothing (the pages stay). */
  emptyPage?: ReactNode;
  children: (items: T[]) => ReactNode;
}

/**
 * A paged lesson list (the dashboard's schedule and completed tabs, `ViewCompletedLessons`): its
 * loading and error states, the page's lessons and the page numbers under them.
 */
export function LessonPages<T>({
  query,
  page,
  onPage,
  gap,
  pagesFrom,
  none,
  emptyPage,
  children,
}: LessonPagesProps<T>) {
  const { t } = useTranslation('lessons');
  return (
    <ListState
      query={query}
      isEmpty={(result) => none !== undefined && result.total === 0}
      empty={none}
    >
      {(result) => (
        <Stack gap={gap}>
          {result.data.length === 0 && emptyPage ? emptyPage : children(result.data)}
          {result.total >= pagesFrom && (
            <Group justify="center">
              <Pagination
                total={Math.max(1, Math.ceil(result.total / LIST_PAGE_SIZE))}
                value={page}
                onChange={onPage}
                getControlProps={(control) => ({ 'aria-label': t(`page_${control}`) })}
                getItemProps={(item) => ({ 'aria-label': t('pageN', { n: item }) })}
              />
            </Group>
          )}
        </Stack>
      )}
    </ListState>
  );
}
