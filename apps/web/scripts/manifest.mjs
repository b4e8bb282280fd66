// The production build's import graph (dist/.vite/manifest.json), read by the pre-render
// (prerender.mjs) and by the bundle budgets (scripts/bundle-budget.mjs at the root).
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** @param {string} dist the web build's output folder */
export function readManifest(dist) {
  const chunks = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const entryKey = Object.keys(chunks).find((key) => chunks[key].isEntry);
  /** The chunks a key pulls in statically, itself included. */
  const closure = (key, seen = new Set()) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const next of chunks[key].imports ?? []) closure(next, seen);
    return seen;
  };
  return { chunks, entryKey, closure };
}
