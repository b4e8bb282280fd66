import { searchNonce } from './pow';

/** Tries per message to the page, so the page can show progress and stop the search. */
const SLICE = 50_000;

interface WorkerScope {
  onmessage: ((event: MessageEvent<{ salt: string; difficulty: number }>) => void) | null;
  postMessage(message: { nonce: number } | { tried: number }): void;
}
const scope = self as unknown as WorkerScope;

/** The captcha search off the page's thread: answers `{nonce}`, with `{tried}` on the way. */
scope.onmessage = (event) => {
  const { salt, difficulty } = event.data;
  for (let from = 0; ; from += SLICE) {
    const nonce = searchNonce(salt, difficulty, from, SLICE);
    if (nonce !== undefined) {
      scope.postMessage({ nonce });
      return;
    }
    scope.postMessage({ tried: from + SLICE });
  }
};
