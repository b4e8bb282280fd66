import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ListState, type ListStateProps } from '.';

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
});
