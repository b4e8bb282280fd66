// `npm run bench [-- <name>… ] [--flags]`: runs the benchmarks in sequence, prints a table per
// benchmark, saves each result in bench/results/<name>.json and writes docs/performance.md
// from the latest result of every benchmark (so one benchmark can be re-run on its own).
import { log, parseArgs, saveResult } from './lib/common.mjs';
import { writeReport } from './lib/report.mjs';
import * as growth from './growth.mjs';
import * as lighthouse from './lighthouse.mjs';
import * as overhead from './overhead.mjs';
import * as returnVisit from './return-visit.mjs';
import * as signin from './signin.mjs';
import * as start from './start.mjs';

/** In the order `npm run bench` runs them. */
export const BENCHMARKS = {
  overhead,
  growth,
  signin,
  start,
  lighthouse,
  // The same audits for a parent whose browser has the portal's cookies (the drawn screens).
  'lighthouse-drawn': { ...lighthouse, run: (args) => lighthouse.run({ ...args, cookies: true }) },
  'return-visit': returnVisit,
};

const args = parseArgs(process.argv.slice(2));
// `npm run bench -- report` only rewrites docs/performance.md from the saved results.
const names = args._[0] === 'report' ? [] : args._.length > 0 ? args._ : Object.keys(BENCHMARKS);
for (const name of names) {
  if (!(name in BENCHMARKS)) {
    console.error(`unknown benchmark ${name}; one of ${Object.keys(BENCHMARKS).join(', ')}`);
    process.exit(2);
  }
}

for (const name of names) {
  const bench = BENCHMARKS[/** @type {keyof typeof BENCHMARKS} */ (name)];
  const started = performance.now();
  log(`${name}: running`);
  const result = await bench.run(args);
  const seconds = (performance.now() - started) / 1000;
  saveResult(name, { ...result, seconds });
  process.stdout.write(`\n## ${name} (${seconds.toFixed(0)} s)\n\n${bench.render(result)}\n\n`);
}
await writeReport();
log('docs/performance.md written');
