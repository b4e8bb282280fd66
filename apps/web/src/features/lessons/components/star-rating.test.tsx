import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { ratingAfterKey, StarRating } from './star-rating';

function Rated({ start = 0 }: { start?: number }) {
  const [value, setValue] = useState(start);
  return (
    <>
      <span id="label">Rating</span>
      <StarRating value={value} onChange={setValue} labelledBy="label" />
    </>
  );
}

describe('StarRating (issue #19: the keyboard changes the value, targets of 24 px)', () => {
  it('moves the value, not only the focus, with the arrow keys in half steps', async () => {
    renderWithProviders(<Rated />);
    const slider = screen.getByRole('slider', { name: 'Rating' });
    expect(slider).toHaveAttribute('aria-valuetext', 'No rating yet');
    await userEvent.tab();
    expect(slider).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '1');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowUp}');
    expect(slider).toHaveAttribute('aria-valuenow', '2.5');
    expect(slider).toHaveAttribute('aria-valuetext', '2.5 of 5 stars');
    await userEvent.keyboard('{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuenow', '2');
    await userEvent.keyboard('{End}');
    expect(slider).toHaveAttribute('aria-valuenow', '5');
    await userEvent.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '5');
    await userEvent.keyboard('{Home}{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuenow', '1');
    await userEvent.keyboard('4');
    expect(slider).toHaveAttribute('aria-valuenow', '4');
  });

  it.each([
    [0, 'ArrowLeft', 1],
    [3, 'PageUp', 4],
    [4.5, 'PageUp', 5],
    [1.5, 'PageDown', 1],
    [3, 'Tab', undefined],
    [3, '7', undefined],
  ])('from %s, %s gives %s', (value, key, expected) => {
    expect(ratingAfterKey(value, key)).toBe(expected);
  });

  it('gives half a star for the left half of a star and the whole star for the right half', () => {
    renderWithProviders(<Rated />);
    const slider = screen.getByRole('slider');
    const stars = slider.querySelectorAll('[data-star]');
    expect(stars).toHaveLength(5);
    const third = stars[2] as HTMLElement;
    third.getBoundingClientRect = () => ({ left: 96, width: 48 }) as DOMRect;
    fireEvent.click(third, { clientX: 100 });
    expect(slider).toHaveAttribute('aria-valuenow', '2.5');
    fireEvent.click(third, { clientX: 140 });
    expect(slider).toHaveAttribute('aria-valuenow', '3');
  });

  it('draws stars of 48 px, so each half is a 24 px target', () => {
    renderWithProviders(<Rated />);
    const star = screen.getByRole('slider').querySelector('[data-star] svg');
    expect(star).toHaveAttribute('width', '48');
    expect(star).toHaveAttribute('height', '48');
  });

  it('reads the value in Chinese', async () => {
    await i18n.changeLanguage('zh_CN');
    renderWithProviders(<Rated start={3.5} />);
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuetext', '3.5 星（满分 5 星）');
    await i18n.changeLanguage('en');
  });
});
