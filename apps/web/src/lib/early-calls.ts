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

/** Answers a GET of the API for the page being drawn on the server (docs/decisions/056). */
export type ServerAnswer = (url: string) => Promise<Response>;

let serverAnswer: ServerAnswer | undefined;

/**
 * Runs `draw` with the API's GETs answered by `answer` instead of the network: the server draws
 * a visitor's screen with the app's own queries (app/shell/render.tsx). Only there, where there
 * is no window; the caller lets one drawing run at a time, so answers never cross visitors.
 */
export async function withServerAnswers<T>(answer: ServerAnswer, draw: () => Promise<T>) {
  if (typeof window !== 'undefined') throw new Error('server answers are for the server only');
  serverAnswer = answer;
  try {
    return await draw();
  } finally {
    serverAnswer = undefined;
  }
}

/**
 * The answer of a GET the document already sent for `url` (docs/decisions/052), if it was sent
 * with this session and language; the API client uses it once instead of asking again. The
 * document starts the calls of the screens parents open most, so their answers download beside
 * the app's code rather than after it has run. On the server, the answer the server gives.
 */
export function takeEarlyCall(
  url: string,
  token: string | null,
  language: string,
): Promise<Response> | undefined {
  if (typeof window === 'undefined') return serverAnswer?.(url);
  const calls = window.__earlyCalls;
  const call = calls?.get(url);
  if (!call) return undefined;
  calls!.delete(url);
  return call.token === token && call.lang === language ? call.answer : undefined;
}
