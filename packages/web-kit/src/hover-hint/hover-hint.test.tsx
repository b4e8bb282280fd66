import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { HoverHint } from '.';

describe('HoverHint', () => {
  it('mounts no tooltip until the pointer comes over it, then shows it at once', async () => {
    renderWithProviders(
      <HoverHint label="Opens 5 minutes before the lesson" withinPortal>
        <button type="button" disabled>
          Enter
        </button>
      </HoverHint>,
    );
    const button = screen.getByRole('button', { name: 'Enter' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    // A mounted Tooltip, even closed, would have put its portal node into the page.
    expect(document.querySelector('[data-portal], [data-mantine-shared-portal-node]')).toBeNull();

    // A disabled button gets no pointer events: its wrapper does.
    fireEvent.pointerEnter(button.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Opens 5 minutes before the lesson',
    );
    // The same element, not a new one: a focused button would keep its focus.
    expect(screen.getByRole('button', { name: 'Enter' })).toBe(button);
  });
});
