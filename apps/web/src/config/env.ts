/** Build-time settings of the web app (Vite `VITE_*` variables); the API is same-origin. */
export const env = {
  apiBase: (import.meta.env.VITE_API_BASE as string | undefined) ?? '',
  appName: 'Parent Portal',
  /** Store pages of the lesson app; set VITE_APP_STORE_URL / VITE_GOOGLE_PLAY_URL at build time. */
  appStoreUrl:
    (import.meta.env.VITE_APP_STORE_URL as string | undefined) ?? 'https://apps.apple.com/',
  googlePlayUrl:
    (import.meta.env.VITE_GOOGLE_PLAY_URL as string | undefined) ?? 'https://play.google.com/store',
};
