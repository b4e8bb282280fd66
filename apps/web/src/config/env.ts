/**
 * Build-time settings of the web app (Vite `VITE_*` variables); the API is same-origin. The
 * school's public facts (company, support contact, store pages) are the server's configuration,
 * read at run time (api/site.ts), so one build serves any school.
 */
export const env = {
  apiBase: (import.meta.env.VITE_API_BASE as string | undefined) ?? '',
  appName: 'Parent Portal',
};
