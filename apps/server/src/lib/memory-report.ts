import { getHeapSpaceStatistics } from 'node:v8';

/** One memory reading of this process, in bytes (bench/start.mjs reads it). */
export interface MemoryFigures {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** Size of each V8 heap space (new_space is the young generation: two semi-spaces). */
  heapSpaces: Record<string, number>;
  /** WebAssembly memory of the embedded database; absent on PostgreSQL. */
  wasm?: number;
}

export function readMemory(wasmBytes?: () => number | undefined): MemoryFigures {
  // Only under `node --expose-gc` (a benchmark experiment): read the live heap, not garbage.
  (globalThis as { gc?: () => void }).gc?.();
  const usage = process.memoryUsage();
  const wasm = wasmBytes?.();
  return {
    rss: usage.rss,
    heapTotal: usage.heapTotal,
    heapUsed: usage.heapUsed,
    external: usage.external,
    arrayBuffers: usage.arrayBuffers,
    heapSpaces: Object.fromEntries(
      getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size]),
    ),
    ...(wasm === undefined ? {} : { wasm }),
  };
}

/**
 * Benchmark diagnostic (MEMORY_REPORT=true only): on SIGUSR2 the process writes one JSON line
 * `{"memory": MemoryFigures}` to stderr. Read-only, figures only, no HTTP route; without the
 * flag no handler is installed (and SIGUSR2 keeps its default action). Under `--expose-gc` each
 * reading first runs a full collection, so the heap figures are the live size.
 */
export function startMemoryReport(wasmBytes?: () => number | undefined) {
  const report = () => {
    process.stderr.write(`${JSON.stringify({ memory: readMemory(wasmBytes) })}\n`);
  };
  process.on('SIGUSR2', report);
  return { stop: () => process.off('SIGUSR2', report) };
}
