import { startTransition, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

/** The part of the data router the start waits on (react-router's `DataRouter`). */
export interface StartingRouter {
  state: { initialized: boolean };
  subscribe(listener: (state: { initialized: boolean }) => void): () => void;
}

/**
 * Renders the app into `container`, in a transition: React renders in slices between which the
 * browser can answer input, as React Router's own client entry does. A page pre-rendered at
 * build time (`data-shell`, decisions 026 and 052) stays until the router has the screen's code.
 * The sign-in page is hydrated: React takes over its elements instead of drawing them again, and
 * what the visitor typed meanwhile is handed to the form. A signed-in screen's frame
 * (`data-session`) held no data: the app draws the screen afresh and replaces it in one commit.
 */
export async function startApp(container: HTMLElement, app: ReactNode, router: StartingRouter) {
  if (!container.hasAttribute('data-shell')) {
    startTransition(() => createRoot(container).render(app));
    return;
  }
  await routerInitialized(router);
  const taken = <Hydrated container={container}>{app}</Hydrated>;
  startTransition(() => {
    if (container.hasAttribute('data-session')) createRoot(container).render(taken);
    else hydrateRoot(container, taken);
  });
}

function routerInitialized(router: StartingRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * The root's marks of a page drawn before the app ran; index.html's script drops the same ones
 * with a page it does not keep (a test holds the two lists equal).
 */
export const SHELL_MARKS = [
  'data-shell',
  'data-session',
  'data-drawn',
  'data-time-diff',
  'aria-disabled',
] as const;

/** Runs once the shell is the app's: the shell's marks go, typed text reaches the form. */
function Hydrated({ container, children }: { container: HTMLElement; children: ReactNode }) {
  useLayoutEffect(() => {
    for (const name of SHELL_MARKS) container.removeAttribute(name);
    container.querySelectorAll('input').forEach(announceTyped);
  }, [container]);
  return children;
}

/**
 * Hydration keeps what was typed into an input but React's state still holds the rendered
 * value, so the next render would wipe it. Replays it as typing: React's value tracker is told
 * the rendered value, the browser's setter puts the text back, and the `input` event reaches
 * the field's onChange.
 */
export function announceTyped(input: HTMLInputElement) {
  const typed = input.value;
  if (input.disabled || typed === input.defaultValue) return;
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  if (!setValue) return;
  const { selectionStart, selectionEnd } = input;
  input.value = input.defaultValue;
  setValue.call(input, typed);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  if (document.activeElement === input && selectionStart !== null && selectionEnd !== null)
    input.setSelectionRange(selectionStart, selectionEnd);
}
