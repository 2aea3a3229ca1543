// The committed bundles match a fresh build, are small enough, and the
// custom elements manifest lists every element and attribute.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));

test('committed dist/ is what the sources build to', () => {
  execFileSync(process.execPath, ['build.mjs', '--check'], { cwd: root, stdio: 'pipe' });
});

test('bundle sizes', () => {
  let total = 0;
  for (const f of readdirSync(root + 'dist')) total += statSync(root + 'dist/' + f).size;
  assert.ok(total < 1024 * 1024, `dist/ is ${total} bytes`);
  const gz = gzipSync(readFileSync(root + 'dist/reel.js'), { level: 9 }).length;
  console.log(`# reel.js ${gz} bytes gzipped; dist/ ${total} bytes`);
  assert.ok(gz <= 72 * 1024, `reel.js is ${gz} bytes gzipped`);
  const hls = readFileSync(root + 'dist/hls.js', 'utf8');
  assert.ok(!readFileSync(root + 'dist/reel.js', 'utf8').includes('FragmentLoader'), 'hls.js is not inlined in reel.js');
  assert.ok(hls.length > 100000);
});

test('no storage or cookie API in the bundle', () => {
  const src = readFileSync(root + 'dist/reel.js', 'utf8');
  // media-chrome reads its preferences only when asked to (the elements set no*pref);
  // tus-js-client's localStorage probe must not be bundled.
  assert.ok(!src.includes('tusSupport'), 'tus-js-client urlStorage bundled');
  assert.ok(!/document\.cookie/.test(src), 'document.cookie in bundle');
  assert.ok(!/sessionStorage/.test(src), 'sessionStorage in bundle');
});

test('custom-elements.json describes every element', () => {
  execFileSync(process.execPath, ['scripts/cem.mjs', '--check'], { cwd: root, stdio: 'pipe' });
  const cem = JSON.parse(readFileSync(root + 'custom-elements.json', 'utf8'));
  const decls = cem.modules.flatMap((m) => m.declarations || []).filter((d) => d.customElement);
  const byTag = Object.fromEntries(decls.map((d) => [d.tagName, d]));
  const want = {
    'reel-player': ['embed', 'token', 'color', 'theme', 'controls', 'subtitles', 'active-subtitle', 'autoplay', 'muted', 'loop', 'poster', 'quality', 'start', 'metrics'],
    'reel-clip': ['embed', 'token', 'fit'],
    'reel-text': ['embed', 'language'],
    'reel-audio': ['embed', 'controls'],
    'reel-upload': ['token', 'endpoint'],
    'reel-list': ['token', 'collection', 'order', 'player'],
    'reel-files': ['embed', 'renditions'],
  };
  for (const [tag, attrs] of Object.entries(want)) {
    assert.ok(byTag[tag], `${tag} in manifest`);
    const names = (byTag[tag].attributes || []).map((a) => a.name);
    for (const a of attrs) assert.ok(names.includes(a), `${tag} attribute ${a} in manifest (${names.join(' ')})`);
  }
});
