/**
 * The web app manifest of a language (`/manifest.en.webmanifest`), written by the build
 * (pwa.config.ts). index.html links the English one; the app links its language's (decision 051).
 */
export const manifestPath = (language: string) => `/manifest.${language}.webmanifest`;
