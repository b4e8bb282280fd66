// Debian's Chromium as every browser run of the project starts it (e2e, Lighthouse, screenshots):
// Playwright's own browser download cannot run here, and without the background-networking
// flags Chromium's calls home are refused: the machine reaches no network but the package
// registries.
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
