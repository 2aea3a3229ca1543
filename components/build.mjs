// Builds the committed bundles, deterministically:
//   dist/reel.js        every <reel-*> element (Lit, media-chrome, metrics)
//   dist/menus.js       media-chrome's subtitle and audio-track menus, loaded by
//                       <reel-player> when a video starts loading with those controls,
//                       and its keyboard-shortcuts dialog, loaded on the first "?"
//   dist/hls.js         hls.js, loaded by <reel-player> only without native HLS
//   dist/tus.js         tus-js-client, loaded by <reel-upload> on the first upload
//   dist/dashboard.js   the dashboard served at {base_url}/ (src/dashboard/); it
//                       loads reel.js, next to it, when a page shows an element
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

// ---- the menus chunk ------------------------------------------------------
// dist/menus.js must not carry a second copy of the media-chrome modules that
// reel.js already has (a second MediaChromeButton, i18n, constants…), nor
// import reel.js by URL (a page may load it under another name or with a
// query string, which would evaluate it twice). So the chunk is built as
// `export function install(R) {…}`: each module both bundles use becomes, in
// the chunk, `R[i]`, the namespace reel.js passes in (the generated
// `reel:menus-shared` module of reel.js: `export default [ns0, ns1, …]`).
const MENUS_ENTRY = 'src/lazy/menus.ts';
const SHARED_VAR = '__reelShared';

// media-controller imports one small function from the keyboard-shortcuts
// dialog ("?"), and with it the dialog and its base class (2.5 kB gzipped).
// In reel.js that module is this stub; the dialog itself is in the menus
// chunk, which <reel-player> fetches on the first "?".
const SHORTCUTS_DIALOG = 'node_modules/media-chrome/dist/media-keyboard-shortcuts-dialog.js';
const shortcutsStub = {
  name: 'reel-shortcuts-stub',
  setup(b) {
    b.onLoad({ filter: /[\\/]media-chrome[\\/]dist[\\/]media-keyboard-shortcuts-dialog\.js$/ }, () => ({
      contents: 'export function getHotkeyToken(key) { return key === " " ? "nospace" : `no${key.toLowerCase()}`; }\n',
      loader: 'js',
    }));
  },
};

/** Resolves `import('./lazy/menus.js')` in reel.js to the sibling chunk, and `reel:menus-shared`. */
function coreMenusPlugin(shared) {
  return {
    name: 'reel-menus-core',
    setup(b) {
      b.onResolve({ filter: /\/lazy\/menus\.js$/ }, () => ({ path: './menus.js', external: true }));
      b.onResolve({ filter: /^reel:menus-shared$/ }, () => ({ path: 'menus-shared', namespace: 'reel' }));
      b.onLoad({ filter: /.*/, namespace: 'reel' }, () => ({
        contents:
          shared
            .map((m, i) => `import { ${m.names.map((n, j) => `${n} as m${i}_${j}`).join(', ')} } from ${JSON.stringify(join(root, m.path))};\n`)
            .join('') +
          `export default [\n${shared.map((m, i) => `  { ${m.names.map((n, j) => `${JSON.stringify(n)}: m${i}_${j}`).join(', ')} },\n`).join('')}];\n`,
        resolveDir: root,
        loader: 'js',
      }));
    },
  };
}

/**
 * In the chunk, replaces each shared module by what the chunk imports of it:
 * with `read`, its exports read from `R[i]`; without, an external import
 * (to find out which names the chunk uses).
 */
function chunkMenusPlugin(shared, read) {
  const index = new Map(shared.map((m, i) => [join(root, m.path), i]));
  return {
    name: 'reel-menus-chunk',
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === 'reel-menus' || args.namespace === 'reel-shared') return undefined;
        const r = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'reel-menus' });
        if (r.errors.length) return { errors: r.errors };
        const i = index.get(r.path);
        if (i === undefined) return { path: r.path, sideEffects: r.sideEffects };
        return read ? { path: r.path, namespace: 'reel-shared' } : { path: `reel-shared:${i}`, external: true };
      });
      b.onLoad({ filter: /.*/, namespace: 'reel-shared' }, (args) => {
        const i = index.get(args.path);
        const names = shared[i].names;
        return {
          contents:
            `const m = ${SHARED_VAR}[${i}];\n` +
            names.map((n, j) => `const x${j} = m[${JSON.stringify(n)}];\n`).join('') +
            `export { ${names.map((n, j) => `x${j} as ${n}`).join(', ')} };\n`,
          loader: 'js',
        };
      });
    },
  };
}

// Lit's css`` templates keep their source whitespace in the bundle (esbuild
// does not minify inside template literals); collapsing it keeps reel.js
// within its size limit. Only whitespace and comments go: the CSS is the same.
const CSS_TEMPLATE = /\bcss`([^`]*)`/g;
function minifyCSS(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/:\s+/g, ':')
    .replace(/;}/g, '}')
    .replace(/([^\w.-])0\.(\d)/g, '$1.$2')
    .trim();
}
const cssPlugin = {
  name: 'reel-css',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, (args) => {
      const src = readFileSync(args.path, 'utf8');
      if (/\bcss`[^`]*\$\{/.test(src)) {
        throw new Error(`build.mjs: ${args.path} interpolates into css\`\`; minifyCSS does not handle that`);
      }
      return { contents: src.replace(CSS_TEMPLATE, (_, body) => 'css`' + minifyCSS(body) + '`'), loader: 'ts' };
    });
  },
};

async function inputsOf(options) {
  const res = await esbuild.build({ ...common, ...options, outfile: 'dist/graph.js', metafile: true });
  return new Set(Object.keys(res.metafile.inputs));
}

// The modules both reel.js and the menus reach, in a stable order…
const coreInputs = await inputsOf({ entryPoints: ['src/index.ts'], plugins: [coreMenusPlugin([]), shortcutsStub] });
const menuInputs = await inputsOf({ entryPoints: [MENUS_ENTRY] });
const shared = [...menuInputs]
  .filter((p) => coreInputs.has(p) && p !== SHORTCUTS_DIALOG)
  .sort()
  .map((path) => ({ path, names: [] }));
if (!menuInputs.has(SHORTCUTS_DIALOG)) throw new Error(`build.mjs: the menus chunk no longer bundles ${SHORTCUTS_DIALOG}`);
// …and the names the chunk imports from each (esbuild's unminified import
// statements: `import { a, b as c } from "reel-shared:3";`, `import d from …`).
{
  const res = await esbuild.build({ ...common, minify: false, entryPoints: [MENUS_ENTRY], outfile: 'dist/menus.js', plugins: [chunkMenusPlugin(shared, false)] });
  const text = res.outputFiles[0].text;
  for (const [, clause, i] of text.matchAll(/^import\s+([^;]*?)\s*from\s*"reel-shared:(\d+)";/gm)) {
    const names = shared[+i].names;
    const m = /^(?:([\w$]+)\s*,?\s*)?(?:\{([^}]*)\})?$/.exec(clause.trim());
    if (!m) throw new Error(`build.mjs: cannot read the import \`${clause}\` of the menus chunk`);
    if (m[1]) names.push('default');
    for (const spec of (m[2] || '').split(',').map((x) => x.trim()).filter(Boolean)) names.push(spec.split(/\s+as\s+/)[0]);
  }
  for (const m of shared) m.names = [...new Set(m.names)].sort();
  if (/^import\s/m.test(text.replace(/^import\s+[^;]*?from\s*"reel-shared:\d+";/gm, ''))) {
    throw new Error('build.mjs: the menus chunk imports something other than the shared modules');
  }
}

/** Wraps the chunk's body (no imports, no exports) in `export function install(R)`. */
function wrapChunk(contents) {
  const body = Buffer.from(contents).toString('utf8');
  const out = `export function install(${SHARED_VAR}){${body.trimEnd()}}\n`;
  // The body must be plain statements: a stray import/export would not parse here.
  esbuild.transformSync(out, { format: 'esm', loader: 'js' });
  return Buffer.from(out);
}

const builds = [
  { entryPoints: ['src/index.ts'], outfile: 'dist/reel.js', plugins: [coreMenusPlugin(shared), shortcutsStub] },
  { entryPoints: [MENUS_ENTRY], outfile: 'dist/menus.js', plugins: [chunkMenusPlugin(shared, true)], post: wrapChunk },
  { entryPoints: ['src/lazy/hls.ts'], outfile: 'dist/hls.js' },
  { entryPoints: ['src/lazy/tus.ts'], outfile: 'dist/tus.js' },
  { entryPoints: ['src/dashboard/index.ts'], outfile: 'dist/dashboard.js' },
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
for (const { post, ...b } of builds) {
  const res = await esbuild.build({ ...common, ...b, plugins: [...(b.plugins || []), cssPlugin] });
  for (const f of res.outputFiles) {
    const rel = relative(root, f.path);
    const contents = post ? post(f.contents) : f.contents;
    if (check) {
      const have = existsSync(f.path) ? readFileSync(f.path) : null;
      if (!have || Buffer.compare(have, Buffer.from(contents)) !== 0) stale.push(rel);
    } else {
      mkdirSync(dirname(f.path), { recursive: true });
      writeFileSync(f.path, contents);
      console.log(`${rel}  ${contents.length} bytes`);
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
