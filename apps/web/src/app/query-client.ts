import { createQueryClient } from '@portal/web-kit/query-client';

/**
 * The running app's cache: the provider hands it to the screens, and route loaders start a
 * screen's first queries in it while the screen's code downloads (app/prefetch.ts).
 */
export const appQueryClient = createQueryClient();
