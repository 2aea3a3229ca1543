// Prints raw and gzipped sizes of the committed bundles.
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
const dir = new URL('../dist/', import.meta.url);
let total = 0;
for (const f of readdirSync(dir).sort()) {
  if (!f.endsWith('.js')) continue;
  const b = readFileSync(new URL(f, dir));
  total += b.length;
  const gz = gzipSync(b, { level: 9 }).length;
  console.log(`${f.padEnd(10)} ${(b.length / 1024).toFixed(1).padStart(7)} kB  ${(gz / 1024).toFixed(1).padStart(6)} kB gzipped`);
}
console.log(`total      ${(total / 1024).toFixed(1).padStart(7)} kB`);
