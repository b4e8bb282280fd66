import { useCallback, useEffect, useState } from 'react';

/** A countdown's state: seconds `left` (0 when idle), `running`, and `start()`. */
export type Countdown = ReturnType<typeof useCountdown>;

/**
 * Seconds left of a countdown started with `start()`; 0 when idle. Derived from the end time on
 * every tick, so a throttled background tab still shows the right value.
 */
export function useCountdown(seconds: number) {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return undefined;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) setEndsAt(null);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  const start = useCallback(() => {
    const current = Date.now();
    setNow(current);
    setEndsAt(current + seconds * 1000);
  }, [seconds]);

  const left = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { left, running: left > 0, start };
}
