// Builds the committed bundles, deterministically:
//   dist/reel.js        every <reel-*> element (Lit, media-chrome, tus, metrics)
//   dist/hls.js         hls.js, loaded by <reel-player> only without native HLS
//   metrics/dist/index.js, react/dist/index.js
// `node build.mjs --check` builds in memory and fails if a committed file differs.
import * as esbuild from 'esbuild';
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const check = process.argv.includes('--check');

const common = {
  bundle: true,
  format: 'esm',
  target: 'es2021',
  platform: 'browser',
  minify: true,
  legalComments: 'none',
  charset: 'utf8',
  sourcemap: false,
  write: false,
  logLevel: 'warning',
  absWorkingDir: root,
  define: { 'process.env.NODE_ENV': '"production"' },
};

const builds = [
  { entryPoints: ['src/index.ts'], outfile: 'dist/reel.js' },
  { entryPoints: ['src/lazy/hls.ts'], outfile: 'dist/hls.js' },
  { entryPoints: ['src/lazy/tus.ts'], outfile: 'dist/tus.js' },
  { entryPoints: ['metrics/src/index.ts'], outfile: 'metrics/dist/index.js', minify: false },
  {
    entryPoints: ['react/src/index.ts'],
    outfile: 'react/dist/index.js',
    minify: false,
    jsx: 'automatic',
    external: ['react', 'react/jsx-runtime', '@reel/components'],
  },
];

let stale = [];
for (const b of builds) {
  const res = await esbuild.build({ ...common, ...b });
  for (const f of res.outputFiles) {
    const rel = relative(root, f.path);
    if (check) {
      const have = existsSync(f.path) ? readFileSync(f.path) : null;
      if (!have || Buffer.compare(have, Buffer.from(f.contents)) !== 0) stale.push(rel);
    } else {
      mkdirSync(dirname(f.path), { recursive: true });
      writeFileSync(f.path, f.contents);
      console.log(`${rel}  ${f.contents.length} bytes`);
    }
  }
}
if (check) {
  if (stale.length) {
    console.error(`stale build output (run \`npm run build\` in components/ and commit): ${stale.join(', ')}`);
    process.exit(1);
  }
  console.log('build output up to date');
}
