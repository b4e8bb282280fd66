import { useEffect, useState } from 'react';

/**
 * Seconds left of a countdown the server started (`seconds` when the answer arrived), ticking
 * every second from the arrival time, so a throttled tab still shows the right value.
 */
export function useSecondsLeft(seconds: number | undefined, receivedAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!seconds) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [seconds]);
  if (!seconds) return 0;
  return Math.max(0, seconds - Math.floor((now - receivedAt) / 1000));
}
