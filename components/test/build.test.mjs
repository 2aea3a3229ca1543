// The committed bundles match a fresh build, are small enough, and the
// custom elements manifest lists every element and attribute.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = fileURLToPath(new URL('../', import.meta.url));

test('committed dist/ is what the sources build to', () => {
  execFileSync(process.execPath, ['build.mjs', '--check'], { cwd: root, stdio: 'pipe' });
});

test('bundle sizes', () => {
  let total = 0;
  // The elements (the dashboard, served by Reel itself, is held to its own limit below).
  for (const f of readdirSync(root + 'dist')) if (f !== 'dashboard.js') total += statSync(root + 'dist/' + f).size;
  assert.ok(total < 1024 * 1024, `dist/ is ${total} bytes`);
  const gz = gzipSync(readFileSync(root + 'dist/reel.js'), { level: 9 }).length;
  console.log(`# reel.js ${gz} bytes gzipped; dist/ ${total} bytes`);
  // The menus (quality, chapters, rate…), PiP and AirPlay are in dist/menus.js.
  assert.ok(gz <= 60 * 1024, `reel.js is ${gz} bytes gzipped (limit 60 kB)`);
  const reel = readFileSync(root + 'dist/reel.js', 'utf8');
  const hls = readFileSync(root + 'dist/hls.js', 'utf8');
  assert.ok(!reel.includes('FragmentLoader'), 'hls.js is not inlined in reel.js');
  assert.ok(hls.length > 100000);
  // The core is one file: no static import (a second request before anything
  // runs); menus.js imports nothing (it gets reel.js's modules from install()).
  const imports = (f) =>
    esbuild.buildSync({ absWorkingDir: root, entryPoints: [f], bundle: true, write: false, metafile: true, format: 'esm', external: ['*'], logLevel: 'silent' })
      .metafile.inputs[f].imports.map((i) => `${i.kind} ${i.path}`);
  assert.deepEqual(imports('dist/reel.js'), ['dynamic-import ./menus.js'], 'reel.js imports nothing statically');
  assert.deepEqual(imports('dist/menus.js'), [], 'menus.js imports nothing');
  // media-chrome's menus are the lazy chunk dist/menus.js: `export function install(shared)`, importing nothing.
  const menus = readFileSync(root + 'dist/menus.js', 'utf8');
  assert.ok(!reel.includes('"media-chrome-menu-item"') && menus.includes('"media-chrome-menu-item"'), 'menus are in dist/menus.js only');
  assert.ok(reel.includes('import("./menus.js")'), 'reel.js loads ./menus.js');
  assert.match(menus, /^export function install\(/);
  // media-chrome-button is defined once (by reel.js); the chunk reuses its class.
  assert.ok(!menus.includes('"media-chrome-button"'), 'menus.js carries no second media-chrome-button');
});

test('dashboard.js: one file, under 150 kB gzipped, loading reel.js only when a page needs it', () => {
  const dash = readFileSync(root + 'dist/dashboard.js');
  const gz = gzipSync(dash, { level: 9 }).length;
  console.log(`# dashboard.js ${gz} bytes gzipped`);
  assert.ok(gz <= 150 * 1024, `dashboard.js is ${gz} bytes gzipped (limit 150 kB)`);
  const text = dash.toString('utf8');
  assert.ok(!text.includes('"media-chrome-button"'), 'the player is not bundled into the dashboard');
  assert.ok(text.includes('"./reel.js"'), 'the dashboard loads ./reel.js');
  // No cookie, and Web Storage only for the key (sessionStorage; localStorage when remembered).
  assert.ok(!/document\.cookie/.test(text), 'document.cookie in dashboard.js');
  for (const m of text.matchAll(/(session|local)Storage\.(\w+)/g)) assert.ok(['getItem', 'setItem', 'removeItem'].includes(m[2]), m[0]);
  assert.ok(!/https?:\/\/(?!127\.0\.0\.1|localhost|www\.w3\.org)[a-z]/i.test(text.replace(/https:\/\/example\.com[\w/.-]*/g, '')), 'no outside URL in dashboard.js');
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
    'reel-files': ['embed', 'renditions', 'include'],
  };
  for (const [tag, attrs] of Object.entries(want)) {
    assert.ok(byTag[tag], `${tag} in manifest`);
    const names = (byTag[tag].attributes || []).map((a) => a.name);
    for (const a of attrs) assert.ok(names.includes(a), `${tag} attribute ${a} in manifest (${names.join(' ')})`);
  }
  assert.deepEqual(byTag['reel-player'].slots.map((s) => s.name), ['start-screen', 'end-screen', 'hover-screen']);
  for (const p of ['chapters-button', 'quality-button', 'rate-button', 'pip-button', 'airplay-button']) {
    assert.ok(byTag['reel-player'].cssParts.some((x) => x.name === p), `reel-player part ${p}`);
  }
});
