import { useEffect, useState } from 'react';

/**
 * The current time in ms, refreshed every `intervalMs`, so what depends on the clock (a class
 * has started, the classroom is open, a teacher is late) follows it while a screen stays open.
 */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
