import { useEffect, useRef } from 'react';

/** The parts of an infinite query (TanStack's `useInfiniteQuery`) that load its next page. */
export interface NextPage {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * Infinite scroll: put the returned ref on an empty element after the list; `delayMs` after it
 * comes into view the next page loads. It waits while a page is loading, and scrolling it out of
 * view before the delay is over cancels the load. A browser without IntersectionObserver keeps
 * the pages it has.
 */
export function useLoadMoreOnView<E extends Element = HTMLDivElement>(
  { hasNextPage, isFetchingNextPage, fetchNextPage }: NextPage,
  delayMs: number,
) {
  const sentinel = useRef<E>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || isFetchingNextPage || !('IntersectionObserver' in window))
      return undefined;
    let timer: number | undefined;
    const observer = new IntersectionObserver((entries) => {
      window.clearTimeout(timer);
      if (entries.some((entry) => entry.isIntersecting))
        timer = window.setTimeout(() => void fetchNextPage(), delayMs);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, delayMs]);
  return sentinel;
}
