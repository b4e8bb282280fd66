/** A request the document sent before the app's code ran (the inline script of index.html). */
interface EarlyCall {
  lang: string;
  token: string;
  answer: Promise<Response>;
}

declare global {
  interface Window {
    __earlyCalls?: Map<string, EarlyCall>;
  }
}

/**
 * The answer of a GET the document already sent for `url` (docs/decisions/052), if it was sent
 * with this session and language; the API client uses it once instead of asking again. The
 * document starts the calls of the screens parents open most, so their answers download beside
 * the app's code rather than after it has run.
 */
export function takeEarlyCall(
  url: string,
  token: string | null,
  language: string,
): Promise<Response> | undefined {
  const calls = typeof window === 'undefined' ? undefined : window.__earlyCalls;
  const call = calls?.get(url);
  if (!call) return undefined;
  calls!.delete(url);
  return call.token === token && call.lang === language ? call.answer : undefined;
}
