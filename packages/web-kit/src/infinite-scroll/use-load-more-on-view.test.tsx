import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLoadMoreOnView, type NextPage } from '.';

/** An IntersectionObserver that the test drives: `see(true)` brings the element into view. */
let see: (visible: boolean) => void = () => undefined;
class ObserverStub {
  constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {
    see = (visible) => this.callback([{ isIntersecting: visible }]);
  }
  observe() {}
  disconnect() {
    see = () => undefined;
  }
}

function List(props: NextPage) {
  const sentinel = useLoadMoreOnView(props, 300);
  return <div ref={sentinel} />;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('IntersectionObserver', ObserverStub);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useLoadMoreOnView (spec §9: the next page follows the end of the list into view)', () => {
  it('loads the next page the delay after the end comes into view', () => {
    const fetchNextPage = vi.fn();
    render(<List hasNextPage isFetchingNextPage={false} fetchNextPage={fetchNextPage} />);
    act(() => see(true));
    act(() => vi.advanceTimersByTime(299));
    expect(fetchNextPage).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('does not load when the end leaves the view before the delay, nor while a page loads', () => {
    const fetchNextPage = vi.fn();
    const { rerender } = render(
      <List hasNextPage isFetchingNextPage={false} fetchNextPage={fetchNextPage} />,
    );
    act(() => see(true));
    act(() => see(false));
    act(() => vi.advanceTimersByTime(1000));
    expect(fetchNextPage).not.toHaveBeenCalled();
    rerender(<List hasNextPage isFetchingNextPage fetchNextPage={fetchNextPage} />);
    act(() => see(true));
    act(() => vi.advanceTimersByTime(1000));
    expect(fetchNextPage).not.toHaveBeenCalled();
  });

  it('stops at the last page', () => {
    const fetchNextPage = vi.fn();
    render(<List hasNextPage={false} isFetchingNextPage={false} fetchNextPage={fetchNextPage} />);
    act(() => see(true));
    act(() => vi.advanceTimersByTime(1000));
    expect(fetchNextPage).not.toHaveBeenCalled();
  });
});
