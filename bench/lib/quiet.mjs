// Helpers for the browser benchmarks (Lighthouse, return visit), whose figures move with
// whatever else the shared machine runs: wait for a quiet machine before each measurement and
// say so when it never came, repeat in rounds with the order rotated, and report medians with
// their spread instead of one run.
import os from 'node:os';
import { log, sleep } from './common.mjs';

/** The 1-minute load average under which the machine counts as quiet. */
export const QUIET_LOAD = 1;
export const QUIET_POLL_MS = 5_000;
export const DEFAULT_QUIET_WAIT_S = 300;
export const DEFAULT_ROUNDS = 3;

/** `os.loadavg()` rounded to hundredths: [1 min, 5 min, 15 min]. */
export const loadAverage = () => os.loadavg().map((value) => Math.round(value * 100) / 100);

/**
 * `--rounds N` (default 3) and `--quiet-wait <seconds>` (default 300).
 * @param {Record<string, string | boolean>} args
 */
export function roundOptions(args) {
  const number = (/** @type {string} */ name, /** @type {number} */ fallback) => {
    const raw = args[name];
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (typeof raw !== 'string' || !Number.isFinite(value) || value < 0)
      throw new Error(`--${name} needs a number, got ${String(raw)}`);
    return value;
  };
  return {
    rounds: Math.max(1, Math.floor(number('rounds', DEFAULT_ROUNDS))),
    quietWaitS: number('quiet-wait', DEFAULT_QUIET_WAIT_S),
  };
}

/**
 * Waits until the 1-minute load average is below {@link QUIET_LOAD}, polling every 5 s, at most
 * `limitS` seconds. Answers how long it waited, the load average when it stopped waiting, and
 * `loaded: true` when the limit passed with the machine still busy (the measurement then runs
 * anyway and must be reported as noise).
 * @param {number} limitS
 * @param {string} what for the log
 */
export async function waitForQuiet(limitS, what) {
  const started = performance.now();
  let load = loadAverage();
  let told = false;
  while (load[0] >= QUIET_LOAD) {
    const waitedS = (performance.now() - started) / 1000;
    if (waitedS >= limitS) {
      log(`${what}: load ${load[0]} still ≥ ${QUIET_LOAD} after ${waitedS.toFixed(0)} s; loaded`);
      return { waitedS, load, loaded: true };
    }
    if (!told) {
      log(`${what}: load ${load[0]}, waiting (up to ${limitS} s) for < ${QUIET_LOAD}`);
      told = true;
    }
    await sleep(Math.min(QUIET_POLL_MS, Math.max(0, limitS - waitedS) * 1000 + 1));
    load = loadAverage();
  }
  return { waitedS: (performance.now() - started) / 1000, load, loaded: false };
}

/**
 * The list rotated left by `round` places: round 0 keeps the order, each next round starts one
 * item later, so no item is always first (cold machine) or always last.
 * @template T
 * @param {T[]} list
 * @param {number} round
 */
export function rotate(list, round) {
  if (list.length === 0) return [];
  const shift = round % list.length;
  return [...list.slice(shift), ...list.slice(0, shift)];
}

/**
 * The median of the finite numbers among `values` (the mean of the two middle ones for an even
 * count); NaN when there is none.
 * @param {number[]} values
 */
export function median(values) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Smallest and largest finite value (NaN for both when there is none).
 * @param {number[]} values
 */
export function spread(values) {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return { min: NaN, max: NaN };
  return { min: Math.min(...finite), max: Math.max(...finite) };
}

/**
 * The index of the item whose value is closest to the median of all (the "median run", whose
 * details explain the median figure); -1 when none has a finite value.
 * @param {number[]} values
 */
export function medianIndex(values) {
  const mid = median(values);
  let best = -1;
  for (let i = 0; i < values.length; i += 1) {
    if (!Number.isFinite(values[i])) continue;
    if (best === -1 || Math.abs(values[i] - mid) < Math.abs(values[best] - mid)) best = i;
  }
  return best;
}

/**
 * The header line of a table whose measurements did not all run on a quiet machine.
 * @param {{ loaded: boolean, load: number[] }[]} measurements
 * @param {number} quietWaitS
 */
export function loadedNote(measurements, quietWaitS) {
  const loaded = measurements.filter((m) => m.loaded);
  if (loaded.length === 0) return '';
  const loads = loaded.map((m) => m.load[0]);
  return (
    `**Loaded machine: figures are noise.** ${loaded.length} of ${measurements.length} ` +
    `measurements ran with the 1-minute load average still ≥ ${QUIET_LOAD} after waiting ` +
    `${quietWaitS} s (${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}); ` +
    'do not read these figures as a result.'
  );
}
