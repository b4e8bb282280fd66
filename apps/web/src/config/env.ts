/** Build-time settings of the web app (Vite `VITE_*` variables); the API is same-origin. */
export const env = {
  apiBase: (import.meta.env.VITE_API_BASE as string | undefined) ?? '',
  appName: 'Parent Portal',
};
