/** The outcome of one check: shown as a coloured badge with what to do about it. */
export type Verdict = 'pass' | 'warn' | 'fail';

/**
 * Network thresholds (issue #24), quoted on the page. A video lesson needs roughly 1.5 Mbit/s
 * down for the teacher's picture; under 0.6 it stalls. Over 300 ms round trip a conversation
 * starts to lag; over 800 ms children talk over each other.
 */
export const RTT_PASS_MS = 300;
export const RTT_WARN_MS = 800;
export const SPEED_PASS_MBPS = 1.5;
export const SPEED_WARN_MBPS = 0.6;
/** Pings per measurement: the median of 5 drops the first one's connection set-up. */
export const PING_COUNT = 5;
/** Size of the timed download, in KiB (the server allows 1–1024). */
export const PAYLOAD_KB = 512;

export function rttVerdict(ms: number): Verdict {
  if (ms < RTT_PASS_MS) return 'pass';
  return ms < RTT_WARN_MS ? 'warn' : 'fail';
}

export function speedVerdict(mbps: number): Verdict {
  if (mbps > SPEED_PASS_MBPS) return 'pass';
  return mbps > SPEED_WARN_MBPS ? 'warn' : 'fail';
}

const RANK: Record<Verdict, number> = { pass: 0, warn: 1, fail: 2 };

/** The worse of several verdicts: one slow part makes the whole check a warning or a fail. */
export function worst(...verdicts: Verdict[]): Verdict {
  return verdicts.reduce((a, b) => (RANK[b] > RANK[a] ? b : a), 'pass');
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Megabits per second from bytes received in `ms` milliseconds. */
export function mbitPerSecond(bytes: number, ms: number): number {
  return (bytes * 8) / (Math.max(ms, 1) / 1000) / 1_000_000;
}

/** Why a camera or microphone could not be opened, each with its own advice on the page. */
export type MediaProblem = 'insecure' | 'unsupported' | 'denied' | 'notFound' | 'busy' | 'other';

/**
 * Maps getUserMedia's failures (DOMException names, MDN "MediaDevices.getUserMedia() →
 * Exceptions") to what the parent can do about them. Safari answers a blocked page with
 * NotAllowedError too; Firefox names a device in use NotReadableError, older Chrome
 * TrackStartError.
 */
export function mediaProblemOf(error: unknown): MediaProblem {
  const name = (error as { name?: unknown } | null)?.name;
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'notFound';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'busy';
    default:
      return 'other';
  }
}

/**
 * Camera and microphone need a secure page (https, or localhost while developing) and a browser
 * that has mediaDevices; both are known before asking, so the page says so up front.
 */
export function mediaUnavailable(): MediaProblem | undefined {
  if (typeof window !== 'undefined' && window.isSecureContext === false) return 'insecure';
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia)
    return 'unsupported';
  return undefined;
}
