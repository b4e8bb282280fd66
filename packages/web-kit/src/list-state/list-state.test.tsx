import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client';
import { renderWithProviders } from '../test/render';
import { ListState, loadFailure, type ListStateProps } from '.';

type Query = ListStateProps<string[]>['query'];
const query = (state: Partial<Query>): Query => ({
  isPending: false,
  isError: false,
  data: undefined,
  refetch: vi.fn(),
  ...state,
});

describe('ListState', () => {
  it('shows a busy placeholder while loading', () => {
    renderWithProviders(
      <ListState query={query({ isPending: true })}>{() => <p>loaded</p>}</ListState>,
    );
    expect(screen.getByLabelText('Loading…')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('loaded')).not.toBeInTheDocument();
  });

  it('says the load failed and tries again on request', () => {
    const failed = query({ isError: true });
    renderWithProviders(<ListState query={failed}>{() => <p>loaded</p>}</ListState>);
    expect(screen.getByRole('alert')).toHaveTextContent('This page could not be shown.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalled();
  });

  it('shows the screen’s own loading and error states when given', () => {
    const { rerender } = renderWithProviders(
      <ListState query={query({ isPending: true })} loading={<p>wait</p>} error={<p>failed</p>}>
        {() => <p>loaded</p>}
      </ListState>,
    );
    expect(screen.getByText('wait')).toBeInTheDocument();
    rerender(
      <ListState query={query({ isError: true })} loading={<p>wait</p>} error={<p>failed</p>}>
        {() => <p>loaded</p>}
      </ListState>,
    );
    expect(screen.getByText('failed')).toBeInTheDocument();
  });

  it('shows the empty state for an empty answer, else the data', () => {
    const list = (data: string[]) => (
      <ListState
        query={query({ data })}
        empty={<p>nothing</p>}
        isEmpty={(items) => items.length === 0}
      >
        {(items) => <p>{items.join(', ')}</p>}
      </ListState>
    );
    const { rerender } = renderWithProviders(list([]));
    expect(screen.getByText('nothing')).toBeInTheDocument();
    rerender(list(['a', 'b']));
    expect(screen.getByText('a, b')).toBeInTheDocument();
  });

  describe('a failure of the network (decision 051)', () => {
    afterEach(() => vi.restoreAllMocks());
    const offline = (isOffline: boolean) =>
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!isOffline);

    it('says the visitor is offline, and tries again on request', () => {
      offline(true);
      const failed = query({ isError: true, error: new ApiError(0, 0, 'network error') });
      renderWithProviders(<ListState query={failed}>{() => <p>loaded</p>}</ListState>);
      expect(screen.getByRole('alert')).toHaveTextContent(
        'You are offlineThis can be shown once you are back online.',
      );
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(failed.refetch).toHaveBeenCalled();
    });

    it('says the server could not be reached while the browser is online', () => {
      offline(false);
      const failed = query({ isError: true, error: new ApiError(0, 0, 'network error') });
      renderWithProviders(<ListState query={failed}>{() => <p>loaded</p>}</ListState>);
      expect(screen.getByRole('alert')).toHaveTextContent('The server could not be reached.');
    });

    it('keeps the generic error for a refusal of the server, offline or not', () => {
      offline(true);
      const failed = query({ isError: true, error: new ApiError(500, 500, 'boom') });
      renderWithProviders(<ListState query={failed}>{() => <p>loaded</p>}</ListState>);
      expect(screen.getByRole('alert')).toHaveTextContent('This page could not be shown.');
    });

    it('hands what the load failed with to the screen’s own error state', () => {
      const error = new ApiError(0, 0, 'network error');
      renderWithProviders(
        <ListState
          query={query({ isError: true, error })}
          error={(failure) => <p>{failure === error ? 'the network' : 'something else'}</p>}
        >
          {() => <p>loaded</p>}
        </ListState>,
      );
      expect(screen.getByText('the network')).toBeInTheDocument();
    });

    it('says the screen’s own words for a refusal of the server, and the network’s for the network', () => {
      offline(true);
      const list = (error: ApiError) => (
        <ListState
          query={query({ isError: true, error })}
          failedText="Your children could not be loaded."
        >
          {() => <p>loaded</p>}
        </ListState>
      );
      const { unmount } = renderWithProviders(list(new ApiError(500, 500, 'boom')));
      expect(screen.getByRole('alert')).toHaveTextContent('Your children could not be loaded.');
      unmount();
      renderWithProviders(list(new ApiError(0, 0, 'network error')));
      expect(screen.getByRole('alert')).toHaveTextContent('You are offline');
      expect(screen.getByRole('alert')).not.toHaveTextContent('Your children');
    });

    it('shows a query held back while offline as offline, not as loading', () => {
      offline(true);
      renderWithProviders(
        <ListState query={query({ isPending: true, fetchStatus: 'paused' })}>
          {() => <p>loaded</p>}
        </ListState>,
      );
      expect(screen.queryByLabelText('Loading…')).not.toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent('You are offline');
    });
  });
});

describe('loadFailure', () => {
  const error = new ApiError(500, 500, 'boom');
  it.each([
    ['loading', query({ isPending: true, fetchStatus: 'fetching' }), undefined],
    ['loaded', query({ data: ['a'] }), undefined],
    ['failed', query({ isError: true, error }), error],
    [
      'a later fetch failed, the answer kept',
      query({ isError: true, error, data: ['a'] }),
      undefined,
    ],
    ['failed without saying why', query({ isError: true }), expect.any(Error)],
    ['held back offline', query({ isPending: true, fetchStatus: 'paused' }), expect.any(ApiError)],
  ])('%s', (_, state, expected) => {
    expect(loadFailure(state)).toEqual(expected);
  });

  it('takes a query held back offline for the network’s failure', () => {
    expect(loadFailure(query({ isPending: true, fetchStatus: 'paused' }))).toMatchObject({
      httpStatus: 0,
    });
  });
});
