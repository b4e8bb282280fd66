import { env } from '../../../config/env';
import { storage } from '../../../lib/storage';
import {
  mbitPerSecond,
  median,
  PAYLOAD_KB,
  PING_COUNT,
  rttVerdict,
  speedVerdict,
  worst,
  type Verdict,
} from '../utils/verdicts';

export interface NetworkResult {
  verdict: Verdict;
  rttMs: number;
  mbps: number;
}

/**
 * Plain fetch rather than the app's API client: the timing must not include JSON parsing or
 * schema checks, the download is bytes, and `cache: 'no-store'` keeps the browser's cache from
 * answering a repeat. A failed call throws; the page reports it as "could not reach us".
 */
async function timedGet(path: string): Promise<{ ms: number; bytes: number }> {
  const headers: Record<string, string> = {};
  const token = storage.getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const started = performance.now();
  const response = await fetch(`${env.apiBase}${path}`, { cache: 'no-store', headers });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const body = await response.arrayBuffer();
  return { ms: performance.now() - started, bytes: body.byteLength };
}

/** Round-trip time (median of 5 pings, one after another) and download speed, from our server. */
export async function measureNetwork(): Promise<NetworkResult> {
  const rtts: number[] = [];
  for (let i = 0; i < PING_COUNT; i += 1) rtts.push((await timedGet('/api/deviceCheck/ping')).ms);
  const rttMs = median(rtts);
  const download = await timedGet(`/api/deviceCheck/payload?kb=${PAYLOAD_KB}`);
  const mbps = mbitPerSecond(download.bytes, download.ms);
  return { verdict: worst(rttVerdict(rttMs), speedVerdict(mbps)), rttMs, mbps };
}
