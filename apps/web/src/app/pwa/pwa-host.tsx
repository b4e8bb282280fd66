import { lazy, Suspense, useSyncExternalStore } from 'react';

const InstallableApp = lazy(() => import('./installable-app'));

function subscribeToLoad(listener: () => void) {
  window.addEventListener('load', listener);
  return () => window.removeEventListener('load', listener);
}

/**
 * The installable app's parts (decision 051) — the service worker's registration and update
 * prompt, the offline banner, the manifest of the interface language — arrive as a chunk of their
 * own once the page has loaded, so none of it weighs on the first screen. Nothing is drawn before
 * then, nor in the pre-rendered sign-in page (the server snapshot), so hydration matches.
 */
export function PwaHost() {
  const loaded = useSyncExternalStore(
    subscribeToLoad,
    () => document.readyState === 'complete',
    () => false,
  );
  return loaded ? (
    <Suspense fallback={null}>
      <InstallableApp />
    </Suspense>
  ) : null;
}
