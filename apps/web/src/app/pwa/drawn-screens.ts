/**
 * The screens the server draws with the parent's data (decision 056): `SHELL_PAGES` with a
 * `prefetch` in app/shell/render.tsx, which a test holds this list to. The service worker sends
 * their documents to the network, where that drawing is (app/pwa/sw.ts).
 */
export const DRAWN_SCREENS: readonly string[] = [
  '/home/children/AttendClassNow',
  '/index',
  '/recharge',
];
