// Writes a Brotli (.br) and a gzip (.gz) copy next to every text asset of a production build,
// so the server sends compressed files without compressing on each request (@fastify/static's
// `preCompressed`): `node scripts/precompress.mjs <dist>`. Both apps' builds run it (issue #8:
// the app's JS and CSS went over the wire uncompressed; decision 046).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const [, , target] = process.argv;
if (!target) throw new Error('usage: node scripts/precompress.mjs <dist folder>');
const dist = path.resolve(target);
const TEXT = /\.(js|css|html|svg|json|webmanifest|txt)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const file of files(dist)) {
  // Not what the server never sends: the bundler's manifest, the web build's server module.
  const folder = path.relative(dist, file).split(path.sep)[0];
  if (!TEXT.test(file) || folder === '.vite' || folder === 'server') continue;
  const body = readFileSync(file);
  if (body.length < 1024) continue;
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  count += 1;
  before += body.length;
  after += br.length;
}
console.log(
  `precompressed ${count} files in ${target}: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB (brotli)`,
);
