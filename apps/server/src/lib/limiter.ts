/**
 * Runs at most `max` tasks at once in this process; the rest wait their turn in order. For
 * local resources (CPU, memory) only — limits that must hold across instances live in the
 * database.
 */
export function createLimiter(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}
