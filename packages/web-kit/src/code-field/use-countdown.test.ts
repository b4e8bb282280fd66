import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './use-countdown';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useCountdown (spec §4: 60 s, then resets)', () => {
  it('counts down each second and resets at the end', () => {
    const { result } = renderHook(() => useCountdown(60));
    expect(result.current).toMatchObject({ left: 0, running: false });
    act(() => result.current.start());
    expect(result.current).toMatchObject({ left: 60, running: true });
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.left).toBe(59);
    act(() => vi.advanceTimersByTime(58_000));
    expect(result.current.left).toBe(1);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toMatchObject({ left: 0, running: false });
  });

  it('stays right when ticks are late (throttled tab)', () => {
    const { result } = renderHook(() => useCountdown(60));
    act(() => result.current.start());
    // Jump the clock without firing intermediate ticks, then one tick.
    act(() => {
      vi.setSystemTime(Date.now() + 30_500);
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.left).toBeLessThanOrEqual(29);
    expect(result.current.left).toBeGreaterThanOrEqual(28);
  });
});
