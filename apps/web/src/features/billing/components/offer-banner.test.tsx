import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { hhmmss } from '../utils/money';
import { OfferBanner } from './offer-banner';

describe('hhmmss', () => {
  it.each([
    [0, '00:00:00'],
    [59, '00:00:59'],
    [3661, '01:01:01'],
    [129_600, '36:00:00'],
    [-5, '00:00:00'],
  ])('%s s → %s', (seconds, text) => expect(hhmmss(seconds)).toBe(text));
});

describe('OfferBanner (spec §2 time-limited offer)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down from seconds_left every second and disappears at 0', async () => {
    stubFetch(() => ({
      body: {
        code: 200,
        msg: 'ok',
        data: {
          is_show: true,
          seconds_left: 3,
          plan_info: {
            id: 9,
            title: 'Holiday offer',
            remarks: '',
            describe: 'Two kids',
            price: 299,
            currency: 'USD',
            tags: [],
            color: '#7048e8',
            is_icon_show: false,
            plan_details: [],
            discount: 14,
            kids: 2,
          },
          good_info: null,
          regular_price: 349,
        },
      },
    }));
    renderWithProviders(<OfferBanner onBuyPlan={() => {}} onBuyGood={() => {}} busy={false} />);
    expect(await screen.findByRole('timer')).toHaveTextContent('00:00:03');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:02');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByText('Holiday offer')).toBeNull();
  });

  it('shows nothing when the server says is_show false', async () => {
    const calls = stubFetch(() => ({
      body: {
        code: 200,
        msg: 'ok',
        data: {
          is_show: false,
          seconds_left: 0,
          plan_info: null,
          good_info: null,
          regular_price: null,
        },
      },
    }));
    renderWithProviders(<OfferBanner onBuyPlan={() => {}} onBuyGood={() => {}} busy={false} />);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('timer')).toBeNull();
  });

  // Decision 034: the offer is a discount of the regular plan, and not for who holds it.
  const offer = (regular: number | null) => ({
    body: {
      code: 200,
      msg: 'ok',
      data: {
        is_show: true,
        seconds_left: 3600,
        plan_info: {
          id: 9,
          title: 'Holiday offer',
          remarks: '',
          describe: 'Two kids',
          price: 299,
          currency: 'USD',
          tags: [],
          color: '#7048e8',
          is_icon_show: false,
          plan_details: [],
          discount: 14,
          kids: 2,
        },
        good_info: null,
        regular_price: regular,
      },
    },
  });

  it('shows the regular price struck through beside the offer price', async () => {
    stubFetch(() => offer(349));
    renderWithProviders(<OfferBanner onBuyPlan={() => {}} onBuyGood={() => {}} busy={false} />);
    const regular = await screen.findByTestId('regular-price');
    expect(regular).toHaveTextContent('$349.00');
    expect(regular).toHaveStyle({ textDecoration: 'line-through' });
    expect(screen.getByTestId('offer-price')).toHaveTextContent('$299.00');
    expect(screen.getByText('Save $50.00 a month')).toBeInTheDocument();
  });

  it('is hidden from a parent who holds a plan for as many kids or more', async () => {
    const calls = stubFetch(() => offer(349));
    renderWithProviders(
      <OfferBanner onBuyPlan={() => {}} onBuyGood={() => {}} busy={false} heldKids={2} />,
    );
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.queryByText('Holiday offer')).toBeNull();
  });

  it('is still offered above a smaller plan', async () => {
    stubFetch(() => offer(349));
    renderWithProviders(
      <OfferBanner onBuyPlan={() => {}} onBuyGood={() => {}} busy={false} heldKids={1} />,
    );
    expect(await screen.findByText('Holiday offer')).toBeInTheDocument();
  });
});
