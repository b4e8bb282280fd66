/// <reference lib="webworker" />
// The installable app's service worker (decisions 051 and 056), built by vite-plugin-pwa
// (`injectManifest`): Workbox precaches the built app, so it opens offline and a return visit
// needs the network only for data; a new build waits until the parent accepts it.
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  PrecacheFallbackPlugin,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { DRAWN_SCREENS } from './drawn-screens';

declare const self: ServiceWorkerGlobalScope;

// `cleanURLs: false`: `/index` is the dashboard, not the precached `index.html`.
precacheAndRoute(self.__WB_MANIFEST, { cleanURLs: false });
cleanupOutdatedCaches();

// The drawn screens' documents come from the network and are never stored: they hold the
// parent's data. Offline, the precached app opens instead, and says it is offline.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && DRAWN_SCREENS.includes(url.pathname),
  new NetworkOnly({ plugins: [new PrecacheFallbackPlugin({ fallbackURL: '/index.html' })] }),
);

// Any other of the app's screens gets the app; the server's own pages do not. Nothing else is
// cached at run time: API answers (personal data) and teacher photos always go to the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [
      /^\/api(\/|$)/,
      // The staff console is a separate app (decision 046): never answered from here.
      /^\/ops(\/|$)/,
      // A path with an extension is a file, not a screen (as the server decides, web.ts).
      /\/[^/]+\.[^/]+$/,
    ],
  }),
);

// The parent accepted the new version (app/pwa/update-prompt.tsx, through workbox-window).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
