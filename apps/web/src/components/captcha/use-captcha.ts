import { parseCaptchaPayload } from '@portal/shared/onboarding';
import { useEffect, useMemo, useState } from 'react';

/** A solution is sent this long before its challenge expires at the latest. */
const EXPIRY_MARGIN_MS = 15_000;

export type CaptchaStatus = 'idle' | 'solving' | 'solved' | 'failed';

/** What the hook needs of an `<altcha-widget>`: start a check, and forget a used one. */
export interface CaptchaWidget {
  verify(): Promise<unknown>;
  reset(): void;
}

interface Waiting {
  promise: Promise<string>;
  resolve: (solution: string) => void;
  reject: (error: Error) => void;
}

/** When the payload's challenge stops being accepted (its signed `data.expires_at`). */
function expiryOf(payload: string): number {
  const parsed = parseCaptchaPayload(payload, (text) => atob(text));
  return parsed ? Date.parse(parsed.challenge.parameters.data.expires_at) : 0;
}

/** One check's state outside React: its functions keep their identity for the page's life. */
function createCaptcha(setStatus: (status: CaptchaStatus) => void) {
  let solved: { solution: string; expiresAt: number } | null = null;
  let waiting: Waiting | null = null;
  // The widgets on screen, the latest (a dialog over the form) last.
  let widgets: CaptchaWidget[] = [];

  const settle = (outcome: { solution: string } | { error: Error }) => {
    const current = waiting;
    waiting = null;
    if ('solution' in outcome) current?.resolve(outcome.solution);
    else current?.reject(outcome.error);
  };

  /** The current solution, if it is still valid. */
  const solution = (): string | undefined => {
    if (!solved || solved.expiresAt - EXPIRY_MARGIN_MS < Date.now()) return undefined;
    return solved.solution;
  };

  return {
    /**
     * Starts the widget on screen (or, while its code loads, the next one shown) and resolves
     * with its payload; a check already running is joined.
     */
    solve(): Promise<string> {
      if (waiting) return waiting.promise;
      let resolve!: (solution: string) => void;
      let reject!: (error: Error) => void;
      const promise = new Promise<string>((ok, fail) => {
        resolve = ok;
        reject = fail;
      });
      waiting = { promise, resolve, reject };
      setStatus('solving');
      void widgets.at(-1)?.verify();
      return promise;
    },
    solution,
    /** Hands the solution out once (the server uses it up whatever the answer); clears the widgets. */
    take(): string | undefined {
      const current = solution();
      solved = null;
      setStatus('idle');
      for (const widget of widgets) widget.reset();
      return current;
    },
    /**
     * A widget on screen; answers its detach. When a solution is being waited for, the new
     * widget (a dialog over the form) takes the check over from the others.
     */
    attach(widget: CaptchaWidget): () => void {
      if (waiting) {
        for (const other of widgets) other.reset();
        void widget.verify();
      }
      widgets = [...widgets, widget];
      return () => {
        widgets = widgets.filter((other) => other !== widget);
      };
    },
    /** The widget reports its state: ALTCHA's `statechange` event. */
    report(state: string, payload: string | null) {
      if (state === 'verifying') setStatus('solving');
      else if (state === 'verified' && payload) {
        solved = { solution: payload, expiresAt: expiryOf(payload) };
        setStatus('solved');
        settle({ solution: payload });
      } else if (state === 'error') {
        solved = null;
        setStatus('failed');
        settle({ error: new Error('the human check did not finish') });
      } else if (state === 'expired') {
        solved = null;
        setStatus('idle');
      }
    },
    /** The page is gone: nobody waits any more. */
    abandon() {
      settle({ error: new DOMException('aborted', 'AbortError') });
    },
  };
}

/**
 * The human check (decisions 020 and 041): the `altcha` widget (captcha-widget.tsx) fetches a
 * challenge and solves its proof of work in the browser; this hook keeps what the forms need.
 * A solution is single use and expires with its challenge, so `take()` hands it out once and
 * `solution()` forgets one that is about to expire.
 */
export function useCaptcha() {
  const [status, setStatus] = useState<CaptchaStatus>('idle');
  const [captcha] = useState(() => createCaptcha(setStatus));
  useEffect(() => () => captcha.abandon(), [captcha]);
  return useMemo(() => ({ ...captcha, status }), [captcha, status]);
}

export type Captcha = ReturnType<typeof useCaptcha>;
