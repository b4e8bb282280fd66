import { useEffect, useState } from 'react';

/**
 * The current time in ms, refreshed every `intervalMs`: which classes have started (the
 * changes a class still takes, attendance marks) follows the clock while a screen stays open.
 */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
