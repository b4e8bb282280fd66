/** The service worker's precache (Workbox names it `workbox-precache-v2-<scope>`): the built app. */
const PRECACHE_PREFIX = 'workbox-precache-';

/**
 * Deletes every Cache Storage cache but the service worker's precache (decision 051). The app
 * caches no answer of the API, so there is none to delete; this makes sure that signing out
 * leaves nothing personal behind if that ever changes. Never fails: Cache Storage can be
 * missing (an insecure origin, some private modes), and signing out goes on regardless.
 */
export async function clearRuntimeCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const names = await caches.keys();
    await Promise.all(
      names.filter((name) => !name.startsWith(PRECACHE_PREFIX)).map((name) => caches.delete(name)),
    );
  } catch (error) {
    console.warn('caches not cleared', error);
  }
}
