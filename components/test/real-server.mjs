// Starts the REAL Reel server (refserver, built from this repository with
// `go build`) on a free port with a temporary data folder, a static file
// server for the source media and the test pages, and helpers for the REST
// API and HS256 tokens. Used by real-server.test.mjs.
import { execFileSync, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const COMPONENTS = fileURLToPath(new URL('../', import.meta.url));
const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));
const PAGES = fileURLToPath(new URL('./pages/', import.meta.url));

export const DURATION = 8;
// Cue texts: en and fr differ, so the active cue names its language.
export const CUES = {
  en: [[0, 2, 'Hello and welcome.'], [2, 4, 'This is the second line.'], [4, 6, 'Here comes the third.'], [6, 8, 'And that is the end.']],
  fr: [[0, 2, 'Bonjour et bienvenue.'], [2, 4, 'Voici la deuxième ligne.'], [4, 6, 'Voici la troisième.'], [6, 8, 'Et voilà la fin.']],
};

/** The `go` binary, or null when Go is not installed. */
export function findGo() {
  for (const g of [process.env.GO, 'go', '/usr/local/go/bin/go', '/usr/lib/go/bin/go'].filter(Boolean)) {
    try {
      execFileSync(g, ['version'], { stdio: 'ignore' });
      return g;
    } catch {}
  }
  return null;
}

// ---------------------------------------------------------------- tokens

const b64url = (buf) => Buffer.from(buf).toString('base64url');

/** A compact HS256 JWS, signed with the full API key string, kid = the key id. */
export function hs256(key, claims) {
  const kid = /^rk_([^_]+)_/.exec(key)?.[1];
  if (!kid) throw new Error('not an API key: ' + key.slice(0, 8));
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid }));
  const now = Math.floor(Date.now() / 1000);
  const body = b64url(JSON.stringify({ iat: now, exp: now + 3600, ...claims }));
  const sig = createHmac('sha256', key).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}

// ---------------------------------------------------------------- media

const srtTime = (s) => {
  const h = String(Math.floor(s / 3600)).padStart(2, '0');
  const m = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const sec = String(Math.floor(s % 60)).padStart(2, '0');
  return `${h}:${m}:${sec},${String(Math.round((s % 1) * 1000)).padStart(3, '0')}`;
};
const srt = (cues) => cues.map(([s, e, t], i) => `${i + 1}\n${srtTime(s)} --> ${srtTime(e)}\n${t}\n`).join('\n');

/** An 8 s 640x360 H.264 source with two AAC streams (eng, fra), plus en/fr SRT files. */
export function makeMedia(dir) {
  mkdirSync(dir, { recursive: true });
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=25:duration=${DURATION}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${DURATION}`,
    '-f', 'lavfi', '-i', `sine=frequency=880:duration=${DURATION}`,
    '-map', '0:v', '-map', '1:a', '-map', '2:a',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '50',
    '-c:a', 'aac', '-b:a', '64k', '-ac', '2',
    '-metadata:s:a:0', 'language=eng', '-metadata:s:a:1', 'language=fra',
    '-movflags', '+faststart', join(dir, 'source.mp4')], { stdio: ['ignore', 'inherit', 'inherit'] });
  for (const lang of ['en', 'fr']) writeFileSync(join(dir, `${lang}.srt`), srt(CUES[lang]));
  return dir;
}

export const SHORT_DURATION = 4;
/** A 4 s 320x240 H.264/AAC source (short.mp4), quick to transcode. */
export function makeShortMedia(dir) {
  mkdirSync(dir, { recursive: true });
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc2=size=320x240:rate=25:duration=${SHORT_DURATION}`,
    '-f', 'lavfi', '-i', `sine=frequency=660:duration=${SHORT_DURATION}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '50',
    '-c:a', 'aac', '-b:a', '64k', '-ac', '2',
    '-movflags', '+faststart', join(dir, 'short.mp4')], { stdio: ['ignore', 'inherit', 'inherit'] });
  return dir;
}

// ---------------------------------------------------------------- static server

const TYPES = {
  '.js': 'text/javascript; charset=utf-8', '.html': 'text/html; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json', '.mp4': 'video/mp4', '.srt': 'application/x-subrip', '.svg': 'image/svg+xml',
};

/**
 * The "integrator's site": test pages and example builds, on an origin other
 * than the Reel server's, plus the source media the server fetches.
 * /pages/real.html loads {reel}/cdn/reel.js (so the API base is the server).
 */
export async function startSite({ media, reel }) {
  // /held/{name}/{file}: the media file, answered only once hold(name).release()
  // is called (the status line and headers go out at once, the body waits),
  // so a video created from it stays `created` meanwhile.
  const holds = new Map();
  const holdFor = (name) => {
    if (!holds.has(name)) {
      let release, requested;
      const released = new Promise((r) => (release = r));
      const asked = new Promise((r) => (requested = r));
      holds.set(name, { release, released, requested, asked, requests: 0 });
    }
    return holds.get(name);
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    const p = url.pathname;
    const serve = (file) => {
      if (!existsSync(file) || !statSync(file).isFile()) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        return res.end('not found');
      }
      res.writeHead(200, { 'content-type': TYPES[extname(file)] || 'application/octet-stream', 'content-length': statSync(file).size, 'cache-control': 'no-store' });
      if (req.method === 'HEAD') return res.end();
      createReadStream(file).pipe(res);
    };
    if (p === '/pages/real.html') {
      res.writeHead(200, { 'content-type': TYPES['.html'], 'cache-control': 'no-store' });
      return res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>reel real-server test</title>
<style>body{font-family:system-ui,sans-serif;margin:16px} reel-player{max-width:640px}</style>
<script type="module" src="${reel}/cdn/reel.js"></script></head><body><main id="root"></main></body></html>`);
    }
    if (p === '/pages/bare-hls.html') {
      // hls.js alone, as a third-party player uses it: no <reel-player>.
      res.writeHead(200, { 'content-type': TYPES['.html'], 'cache-control': 'no-store' });
      return res.end('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bare hls.js</title><script src="/hls/hls.min.js"></script></head><body><video muted playsinline width="480"></video></body></html>');
    }
    if (p === '/hls/hls.min.js') return serve(join(COMPONENTS, 'node_modules', 'hls.js', 'dist', 'hls.min.js'));
    if (p === '/pages/leave.html') {
      res.writeHead(200, { 'content-type': TYPES['.html'] });
      return res.end('<!doctype html><title>left</title><p>left the player page</p>');
    }
    if (p === '/favicon.ico') return res.writeHead(204).end();
    let m = /^\/media\/([\w.-]+)$/.exec(p);
    if (m) return serve(join(media, m[1]));
    m = /^\/held\/([\w-]+)\/([\w.-]+)$/.exec(p);
    if (m) {
      const h = holdFor(m[1]);
      const file = join(media, m[2]);
      if (!existsSync(file)) return res.writeHead(404).end();
      h.requests++;
      h.requested();
      res.writeHead(200, { 'content-type': TYPES[extname(file)] || 'application/octet-stream', 'content-length': statSync(file).size, 'cache-control': 'no-store' });
      res.flushHeaders();
      if (req.method === 'HEAD') return res.end();
      h.released.then(() => createReadStream(file).pipe(res));
      return;
    }
    m = /^\/examples\/(html|react|vue|svelte)\/(.*)$/.exec(p);
    if (m) {
      const dir = m[1] === 'html' ? join(EXAMPLES, 'html') : join(EXAMPLES, m[1], 'dist');
      const file = normalize(join(dir, m[2] || 'index.html'));
      if (!file.startsWith(dir)) return res.writeHead(404).end();
      if (m[1] === 'html' && file.endsWith('index.html')) {
        // The plain-HTML example loads /cdn/reel.js from its own origin; here
        // that origin is not Reel's, so point the script at the real server.
        res.writeHead(200, { 'content-type': TYPES['.html'], 'cache-control': 'no-store' });
        return res.end(readFileSync(file, 'utf8').replace('src="/cdn/reel.js"', `src="${reel}/cdn/reel.js"`));
      }
      return serve(file);
    }
    m = /^\/react-dist\/([\w.-]+\.js)$/.exec(p);
    if (m) return serve(join(COMPONENTS, 'react', 'dist', m[1]));
    if (p.startsWith('/pages/')) {
      const file = normalize(join(PAGES, p.slice(7)));
      if (!file.startsWith(PAGES)) return res.writeHead(404).end();
      return serve(file);
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    /** The held route `name`: {release(), asked (resolves on the first request), requests}. */
    hold: holdFor,
    close: () => new Promise((r) => { server.closeAllConnections?.(); server.close(r); }),
  };
}

// ---------------------------------------------------------------- refserver

/** Builds refserver into dir (cgo; cached builds take seconds). */
export function buildServer(go, dir) {
  const bin = join(dir, 'refserver');
  execFileSync(go, ['build', '-o', bin, './refserver'], { cwd: REPO, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, CGO_ENABLED: '1' } });
  return bin;
}

/**
 * Starts refserver on 127.0.0.1:0 with a fresh data folder; resolves when it
 * serves, with its base URL, the read-write key printed on first start and
 * the space id. args are further flags (e.g. ['--chunk-threshold', '6s']).
 */
export async function startServer(bin, data, { args = [] } = {}) {
  const proc = spawn(bin, ['--addr', '127.0.0.1:0', '--data', data, '--allow-networks', '127.0.0.0/8', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stdout.on('data', (c) => (out += c));
  proc.stderr.on('data', (c) => {
    err += c;
    if (process.env.REEL_DEBUG) process.stderr.write('[refserver] ' + c);
  });
  const exited = new Promise((r) => proc.on('exit', r));
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) {
      proc.kill('SIGTERM');
      const t = setTimeout(() => proc.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(t);
    }
  };
  try {
    const started = Date.now();
    let info = null;
    while (!info) {
      if (proc.exitCode !== null) throw new Error(`refserver exited ${proc.exitCode}: ${err.slice(-2000)}`);
      if (Date.now() - started > 30000) throw new Error(`refserver did not start: ${out}\n${err.slice(-2000)}`);
      const key = /read_write\s+(rk_\S+)/.exec(out)?.[1];
      const space = /Created space (\S+)\./.exec(out)?.[1];
      const addr = /msg=serving addr=(\S+)/.exec(err)?.[1];
      if (key && space && addr) info = { key, space, base: `http://${addr}` };
      else await new Promise((r) => setTimeout(r, 100));
    }
    return { ...info, proc, stop, log: () => err };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** A small REST client for the server with the API key. */
export function apiClient(base, key) {
  const call = async (method, path, body, headers = {}) => {
    const res = await fetch(base + path, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body && typeof body !== 'string' ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let json = null;
    try { json = text ? JSON.parse(text) : null; } catch {}
    if (!res.ok) {
      const e = new Error(`${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
      e.status = res.status;
      e.body = json;
      throw e;
    }
    return json;
  };
  return {
    get: (p) => call('GET', p),
    post: (p, b) => call('POST', p, b),
    patch: (p, b) => call('PATCH', p, b),
    put: (p, b, h) => call('PUT', p, b, h),
    call,
  };
}

/** Polls fn until it returns a truthy value. */
export async function until(fn, { timeout = 60000, every = 300, what = 'condition' } = {}) {
  const started = Date.now();
  let last;
  for (;;) {
    try {
      last = await fn();
      if (last) return last;
    } catch (e) {
      last = e;
    }
    if (Date.now() - started > timeout) throw new Error(`timed out waiting for ${what}: ${last instanceof Error ? last.message : JSON.stringify(last)?.slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, every));
  }
}

/** Creates a video (POST /v1/videos with body) and polls until it is ready. */
export async function createReady(api, body, { timeout = 120000 } = {}) {
  const created = await api.post('/v1/videos', body);
  return until(async () => {
    const x = await api.get('/v1/videos/' + created.id);
    if (x.state === 'errored' || x.error) throw new Error('video failed: ' + JSON.stringify(x.error));
    return x.state === 'ready' && x;
  }, { timeout, what: `video ${created.id} ready` });
}

export function tempDir(prefix) {
  return mkdtempSync(join(tmpdir(), prefix));
}
export const cleanup = (d) => d && rmSync(d, { recursive: true, force: true });

/** For a before() that failed half way: prints the server's log tail and stops what it started. */
export async function abandonStart(srv, site) {
  console.log('# refserver log tail:\n' + (srv?.log() || '').slice(-4000));
  await srv?.stop();
  await site?.close();
}

/** The body of a GET that must answer 200. */
export async function getBytes(url) {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}
