// Prints raw and gzipped sizes of the committed bundles. reel.js is the core
// a page loads (it has no static imports); the other files are chunks it
// loads on demand: menus.js (media-chrome's subtitle / audio-track menus,
// when a <reel-player> with those controls starts loading), hls.js (without
// native HLS), tus.js (on the first upload).
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
const dir = new URL('../dist/', import.meta.url);
const LIMIT = 60; // kB gzipped, for reel.js (test/build.test.mjs enforces it)
let total = 0;
for (const f of readdirSync(dir).sort()) {
  if (!f.endsWith('.js')) continue;
  const b = readFileSync(new URL(f, dir));
  total += b.length;
  const gz = gzipSync(b, { level: 9 }).length;
  const note = f === 'reel.js' ? `core (limit ${LIMIT} kB gzipped)` : f === 'dashboard.js' ? 'the dashboard at {base_url}/ (limit 150 kB gzipped)' : 'lazy chunk';
  console.log(`${f.padEnd(10)} ${(b.length / 1024).toFixed(1).padStart(7)} kB  ${(gz / 1024).toFixed(1).padStart(6)} kB gzipped  ${note}`);
}
console.log(`total      ${(total / 1024).toFixed(1).padStart(7)} kB`);
