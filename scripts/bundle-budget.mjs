// Bundle budgets (issue #8 "Front end"): reads the production build's import graph
// (apps/web/dist/.vite/manifest.json), prints each screen's initial JavaScript (gzip) and fails
// when a budget is exceeded. Run by `npm test` after the build; `node scripts/bundle-budget.mjs`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { readManifest } from '../apps/web/scripts/manifest.mjs';

/**
 * Budgets in gzip bytes. The issue's sign-in target is 120 KB; React DOM, React Router's data
 * router, Zod 4, i18next and react-hook-form alone weigh ~150 KB gzip on that page, so the
 * enforced sign-in budget holds the measured size as a ceiling against regressions: 234.7 KB
 * after decisions/022, 238.6 KB since the signed-in screens' prefetch sits in the entry
 * (app/prefetch.ts; bench/findings.md § 4), 239.4 KB with the start that hydrates the
 * pre-rendered sign-in page (decision 026), whose first paint no longer waits for this script,
 * 280.0 KB in 13 files instead of 38 since the screens' shared code is one chunk (decision
 * 027): the page is ready 0.5 s sooner on a slow connection although it carries 41 KB more, and
 * 274.6 KB since the shared code the sign-in page does not use is a chunk of its own (decision
 * 028), 278.2 KB since issues #18 and #19: the shared message catalogue (sign-in throttling,
 * plan orders, dates, zones) and the screens' texts in the language chunk grew by ~3.3 KB, the
 * date pickers' per-language formats and the form feedback add ~1.5 KB, while the stored-zone
 * hook left the entry (−2.4 KB) and the password form loads when its tab is turned to (−3.8 KB).
 * 279.9 KB since the screens' shared code is one chunk again, without the import-graph plugin
 * that kept the signed-in half out of the sign-in page's load (+3.3 KB; decision 052 measures
 * what that plugin was worth).
 */
export const BUDGETS = {
  signInInitial: 281 * 1024,
  /** Any chunk a screen loads beyond the shared ones its entry already brings. */
  routeChunk: 60 * 1024,
};
export const SIGN_IN_TARGET = 120 * 1024;
/** Matches `minShareCount` of the `common` chunk group in apps/web/vite.config.ts. */
const SHARED_BY = 8;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');

export function measure() {
  const { chunks: manifest, entryKey, closure } = readManifest(dist);
  const gzipCache = new Map();
  const gz = (key) => {
    if (!gzipCache.has(key))
      gzipCache.set(key, gzipSync(readFileSync(path.join(dist, manifest[key].file))).length);
    return gzipCache.get(key);
  };
  const shared = closure(entryKey);
  // The visitor's language bundle is fetched before the first render (lib/i18n.ts).
  const language = Object.keys(manifest).find((key) => key.endsWith('locales/en/index.ts'));
  const sharedBytes = [...shared].reduce((sum, key) => sum + gz(key), 0) + gz(language);
  // Screens, and the frames that layout routes load beside them (app/layouts, decision 040): a
  // signed-in screen also loads the account frame's line.
  const screenKeys = (manifest[entryKey].dynamicImports ?? []).filter(
    (key) => key.includes('/features/') || key.includes('/app/layouts/'),
  );
  // A chunk that SHARED_BY screens or more load is the screens' shared code (the `common`
  // chunk of apps/web/vite.config.ts, decision 027): it counts in their initial bytes but is
  // not any one screen's own chunk.
  const loadedBy = new Map();
  for (const key of screenKeys)
    for (const chunk of closure(key)) loadedBy.set(chunk, (loadedBy.get(chunk) ?? 0) + 1);
  const screens = screenKeys
    .map((key) => {
      const own = [...closure(key)].filter(
        (chunk) => !shared.has(chunk) && loadedBy.get(chunk) < SHARED_BY,
      );
      const sharedByScreens = [...closure(key)].filter(
        (chunk) => !shared.has(chunk) && loadedBy.get(chunk) >= SHARED_BY,
      );
      return {
        screen: path.basename(key).replace(/\.tsx?$/, ''),
        initial: sharedBytes + [...own, ...sharedByScreens].reduce((sum, c) => sum + gz(c), 0),
        largestOwn: Math.max(0, ...own.map((chunk) => gz(chunk))),
        largestOwnFile: own.sort((a, b) => gz(b) - gz(a))[0] ?? '',
      };
    })
    .sort((a, b) => b.initial - a.initial);
  return { sharedBytes, screens };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { sharedBytes, screens } = measure();
  console.log(`shared (entry + its imports + language): ${kb(sharedBytes)} gzip`);
  for (const s of screens)
    console.log(
      `${s.screen.padEnd(28)} initial ${kb(s.initial).padStart(9)}   largest own chunk ${kb(s.largestOwn)}`,
    );
  console.log(
    "note: a layout route's chunk loads beside each screen under it and is not in the screen's line (account-layout: the signed-in screens)",
  );
  const problems = [];
  const signIn = screens.find((s) => s.screen === 'sign-in-page');
  if (!signIn) problems.push('sign-in page chunk not found');
  else {
    if (signIn.initial > BUDGETS.signInInitial)
      problems.push(
        `sign-in initial JS ${kb(signIn.initial)} > budget ${kb(BUDGETS.signInInitial)}`,
      );
    if (signIn.initial > SIGN_IN_TARGET)
      console.log(
        `note: sign-in initial JS ${kb(signIn.initial)} is above the 120 KB target (issue #8)`,
      );
  }
  for (const s of screens)
    if (s.largestOwn > BUDGETS.routeChunk)
      problems.push(
        `${s.screen}: chunk ${s.largestOwnFile} ${kb(s.largestOwn)} > ${kb(BUDGETS.routeChunk)}`,
      );
  if (problems.length) {
    console.error(`bundle budget exceeded:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log('bundle budgets: ok');
}
