// A stand-in for the Reel server with the URL shapes of DESIGN.md §4–5, so
// the browser tests run without the Go server: the embed lookup, assets
// (with ?token= for signed videos and the master playlist rewritten to carry
// it), /v1/list, a tus 1.0.0 upload endpoint, /v1/events, plus the built
// components and test pages.
import { createServer } from 'node:http';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DURATION, ensureFixtures } from './fixtures.mjs';

const COMPONENTS = fileURLToPath(new URL('../', import.meta.url));
const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));
const PAGES = fileURLToPath(new URL('./pages/', import.meta.url));

const TYPES = {
  '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8', '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.m3u8': 'application/vnd.apple.mpegurl',
  '.m4s': 'video/iso.segment', '.mp4': 'video/mp4', '.m4a': 'audio/mp4', '.jpg': 'image/jpeg', '.vtt': 'text/vtt; charset=utf-8',
  '.svg': 'image/svg+xml',
};

export const SPACE = 'spc01';
export const GOOD_TOKEN = 'good-token';
export const EXPIRED_TOKEN = 'expired-token';
export const UPLOAD_TOKEN = 'upload-token';

const VIDEOS = {
  spc01public0001: { id: 'vidpublic001', title: 'Test pattern', policy: 'public', original: true },
  spc01second0001: { id: 'vidsecond001', title: 'Second video', policy: 'public' },
  spc01third00001: { id: 'vidthird0001', title: 'Third video', policy: 'public' },
  spc01signed0001: { id: 'vidsigned001', title: 'Signed video', policy: 'signed' },
  spc01process001: { id: 'vidprocess01', title: 'Processing video', policy: 'public', playableAfter: 2 },
  spc01archive001: { id: 'vidarchive01', title: 'Archived video', policy: 'public', archived: true },
  spc01mono000001: { id: 'vidmono00001', title: 'One audio track', policy: 'public', mono: true },
  // AV1 renditions beside the H.264 ones (a codec policy): playlist-multi.m3u8.
  spc01codecs0001: { id: 'vidcodecs001', title: 'Two codecs', policy: 'public', multicodec: true, unlisted: true },
  // Chapters as the server's lookup carries them (seconds, ascending), and urls.chapters.
  spc01chapter001: {
    id: 'vidchapter01', title: 'Three chapters', policy: 'public', unlisted: true,
    chapters: [{ start: 0, title: 'Intro' }, { start: 4, title: 'The middle part' }, { start: 8.5, title: 'Credits' }],
  },
  // Listed only while state.fresh is set (/__mock/fresh?state=processing|ready|off):
  // a new upload, playable while it is still processing, without a poster yet.
  spc01fresh00001: { id: 'vidfresh0001', title: 'A new upload, still processing', policy: 'public', fresh: true },
};

function problem(res, status, code, detail) {
  send(res, status, JSON.stringify({ type: `https://reel.dev/problems/${code}`, title: code, status, detail, code }),
    'application/problem+json');
}

function send(res, status, body, type = 'application/json', headers = {}) {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
  res.end(body);
}

export async function startMock({ port = 0, latency = 0 } = {}) {
  const fixtures = ensureFixtures();
  const state = { events: [], lookups: {}, uploads: new Map(), requests: [], nextUpload: 1, storageAccess: 0, fresh: 'off',
    // Asset versions, as the server pins them (?v=): a video id armed by
    // /__mock/republish?id=… has its next master playlist list version 1
    // and is republished as version 2 at once, so that the player holds a
    // master whose files are gone (404), as when the ladder replaces the
    // early remux under a player.
    versions: {}, republish: new Set() };
  let base = '';

  function info(embed, v) {
    const media = `${base}/media/${SPACE}/${v.id}`;
    return {
      id: v.id, embed, title: v.title, duration: DURATION, width: 1280, height: 720, aspect_ratio: '16:9',
      state: v.playable === false ? 'processing' : 'ready', playable: v.playable !== false, archived: !!v.archived,
      playback_policy: v.policy,
      urls: {
        hls: v.multicodec ? `${media}/playlist-multi.m3u8` : `${media}/playlist.m3u8${state.versions[v.id] ? '?v=' + state.versions[v.id] : ''}`, dash: `${media}/manifest.mpd`, poster: `${media}/poster.jpg`, clip: `${media}/clip.mp4`,
        audio: `${media}/audio.m4a`, storyboard: `${media}/storyboard.vtt`,
        frame: `${base}/images/${embed}.jpg?time={time}&width={width}`,
        // only where the owner shares the original (original_access)
        ...(v.original ? { original: `${media}/original` } : {}),
        ...(v.chapters ? { chapters: `${media}/chapters.vtt` } : {}),
      },
      chapters: v.chapters || [],
      renditions: [
        { name: 'h264_sd', codec: 'h264', quality: 'sd', width: 640, height: 360, size: statSync(join(fixtures, 'h264_sd.mp4')).size, url: `${media}/h264_sd.mp4` },
        { name: 'h264_hd', codec: 'h264', quality: 'hd', width: 1280, height: 720, size: 2345678, url: `${media}/h264_hd.mp4` },
        ...(v.multicodec
          ? [
              { name: 'av1_sd', codec: 'av1', quality: 'sd', width: 640, height: 360, size: 456789, url: `${media}/av1_sd.mp4` },
              { name: 'av1_hd', codec: 'av1', quality: 'hd', width: 1280, height: 720, size: 1234567, url: `${media}/av1_hd.mp4` },
            ]
          : []),
      ],
      audio_tracks: [
        { id: 'en', language: 'en', label: 'English', default: true },
        ...(v.mono ? [] : [{ id: 'fr', language: 'fr', label: 'Français', default: false }]),
      ],
      // The server's default subtitle label is the language code.
      subtitles: [
        { language: 'en', label: 'en', url: `${media}/subtitles/en.vtt` },
        { language: 'fr', label: 'fr', url: `${media}/subtitles/fr.vtt` },
      ],
      transcript: `${media}/transcript.json`,
    };
  }

  function byId(id) {
    for (const [embed, v] of Object.entries(VIDEOS)) if (v.id === id) return [embed, v];
    for (const [embed, v] of state.uploads.entries()) if (v.id === id) return [embed, v];
    return [null, null];
  }

  function tokenProblem(res, v, token) {
    if (v.policy !== 'signed') return false;
    if (token === GOOD_TOKEN) return false;
    if (token === EXPIRED_TOKEN) return problem(res, 401, 'token_expired', 'the playback token has expired'), true;
    problem(res, 401, 'token_invalid', token ? 'invalid playback token' : 'this video needs a playback token');
    return true;
  }

  function serveFile(req, res, file, extra = {}) {
    if (!existsSync(file) || !statSync(file).isFile()) return problem(res, 404, 'not_found', 'no such file');
    const size = statSync(file).size;
    const type = TYPES[extname(file)] || 'application/octet-stream';
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range || '');
    const headers = { 'content-type': type, 'accept-ranges': 'bytes', 'cache-control': 'no-cache', ...extra };
    if (range) {
      const start = range[1] ? +range[1] : size - +range[2];
      const end = range[1] && range[2] ? Math.min(+range[2], size - 1) : size - 1;
      res.writeHead(206, { ...headers, 'content-range': `bytes ${start}-${end}/${size}`, 'content-length': end - start + 1 });
      if (req.method === 'HEAD') return res.end();
      return createReadStream(file, { start, end }).pipe(res);
    }
    res.writeHead(200, { ...headers, 'content-length': size });
    if (req.method === 'HEAD') return res.end();
    createReadStream(file).pipe(res);
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url, base);
    const p = url.pathname;
    const token = url.searchParams.get('token');
    state.requests.push(req.method + ' ' + p + url.search);
    res.setHeader('access-control-allow-origin', req.headers.origin || '*');
    res.setHeader('access-control-expose-headers',
      'Location, Upload-Offset, Upload-Length, Tus-Resumable, Upload-Expires, Reel-Video-Id, Reel-Video-Embed');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-methods': 'GET, HEAD, POST, PATCH, DELETE, OPTIONS',
        'access-control-allow-headers': 'Authorization, Content-Type, Tus-Resumable, Upload-Length, Upload-Metadata, Upload-Offset, Upload-Defer-Length, Upload-Concat, X-Requested-With, X-HTTP-Method-Override',
        'access-control-max-age': '600',
      });
      return res.end();
    }
    if (latency) await new Promise((r) => setTimeout(r, latency));

    // ---- test control
    if (p === '/__mock/events') return send(res, 200, JSON.stringify(state.events));
    if (p === '/__mock/requests') return send(res, 200, JSON.stringify(state.requests));
    if (p === '/__mock/fresh') {
      state.fresh = url.searchParams.get('state') || 'off';
      return send(res, 200, '{}');
    }
    if (p === '/__mock/republish') {
      state.republish.add(url.searchParams.get('id'));
      return send(res, 200, '{}');
    }
    if (p === '/__mock/reset') {
      state.events = [];
      state.lookups = {};
      state.requests = [];
      state.versions = {};
      state.republish.clear();
      return send(res, 200, '{}');
    }

    // ---- embed lookup
    let m = /^\/v1\/embeds\/([^/]+)$/.exec(p);
    if (m && req.method === 'GET') {
      const embed = m[1];
      const v = VIDEOS[embed] || state.uploads.get(embed);
      if (!v || v.archived) return problem(res, 404, 'not_found', 'no such video');
      if (v.finished === false) return send(res, 200, JSON.stringify({ ...info(embed, v), state: 'created', playable: false }));
      if (tokenProblem(res, v, token)) return;
      const n = (state.lookups[embed] = (state.lookups[embed] || 0) + 1);
      const playable = !(v.playableAfter && n <= v.playableAfter);
      return send(res, 200, JSON.stringify(info(embed, { ...v, playable })));
    }

    // ---- list
    if (p === '/v1/list' && req.method === 'GET') {
      if (token !== GOOD_TOKEN) return problem(res, 401, token ? 'token_invalid' : 'unauthorized', 'a playback token is needed');
      const all = Object.entries(VIDEOS).filter(([, v]) => !v.archived && !v.playableAfter && !v.mono && !v.unlisted && v.policy === 'public' && (!v.fresh || state.fresh !== 'off'));
      const limit = +(url.searchParams.get('limit') || 2);
      const from = +(url.searchParams.get('cursor') || 0);
      const data = all.slice(from, from + limit).map(([embed, v], i) => {
        const growing = v.fresh && state.fresh === 'processing';
        return {
          id: v.id, embed, title: v.title, duration: growing ? 0 : DURATION,
          poster: growing ? '' : `${base}/media/${SPACE}/${v.id}/poster.jpg`, state: growing ? 'processing' : 'ready',
          created_at: new Date(Date.UTC(2026, 0, v.fresh ? 20 : 10 - from - i)).toISOString(),
        };
      });
      data.sort((a, b) => b.created_at.localeCompare(a.created_at));
      return send(res, 200, JSON.stringify({ data, next_cursor: from + limit < all.length ? String(from + limit) : null }));
    }

    // ---- analytics
    if (p === '/v1/events' && req.method === 'POST') {
      let body = '';
      for await (const c of req) body += c;
      try {
        state.events.push(...JSON.parse(body).events);
      } catch {
        return problem(res, 400, 'validation_failed', 'bad JSON');
      }
      return send(res, 202, '{}');
    }

    // ---- tus
    if (p === '/v1/uploads' && req.method === 'POST') {
      if (req.headers.authorization !== `Bearer ${UPLOAD_TOKEN}`) return problem(res, 401, 'unauthorized', 'upload token needed');
      const n = state.nextUpload++;
      const id = `vidupload${String(n).padStart(3, '0')}`;
      const embed = `${SPACE}upload${String(n).padStart(4, '0')}`;
      const meta = Object.fromEntries((req.headers['upload-metadata'] || '').split(',').filter(Boolean).map((kv) => {
        const [k, v] = kv.trim().split(' ');
        return [k, v ? Buffer.from(v, 'base64').toString() : ''];
      }));
      const up = { id, embed, length: +req.headers['upload-length'], offset: 0, chunks: [], meta, patches: 0 };
      state.uploads.set(embed, { id, title: meta.title || 'upload', policy: 'public', finished: false, playableAfter: 1, up });
      return send(res, 201, '', 'text/plain', {
        location: `${base}/v1/uploads/${id}`, 'tus-resumable': '1.0.0', 'reel-video-id': id, 'reel-video-embed': embed,
      });
    }
    m = /^\/v1\/uploads\/([^/]+)$/.exec(p);
    if (m) {
      const [embed, v] = byId(m[1]);
      if (!v?.up) return problem(res, 404, 'not_found', 'no such upload');
      const up = v.up;
      const h = { 'tus-resumable': '1.0.0', 'upload-offset': String(up.offset), 'upload-length': String(up.length), 'reel-video-id': up.id, 'reel-video-embed': embed };
      if (req.method === 'HEAD') {
        res.writeHead(200, { ...h, 'cache-control': 'no-store' });
        return res.end();
      }
      if (req.method === 'PATCH') {
        if (+req.headers['upload-offset'] !== up.offset) return problem(res, 409, 'conflict', 'offset mismatch');
        const chunks = [];
        let aborted = false;
        req.on('aborted', () => (aborted = true));
        try {
          for await (const c of req) {
            chunks.push(c);
            // slow enough that a test can pause mid-upload
            await new Promise((r) => setTimeout(r, 15));
          }
        } catch {
          aborted = true;
        }
        const got = Buffer.concat(chunks);
        up.chunks.push(got);
        up.offset += got.length;
        up.patches++;
        if (aborted) return;
        if (up.offset >= up.length) v.finished = true;
        res.writeHead(204, { ...h, 'upload-offset': String(up.offset) });
        return res.end();
      }
      if (req.method === 'DELETE') {
        state.uploads.delete(embed);
        res.writeHead(204, { 'tus-resumable': '1.0.0' });
        return res.end();
      }
    }

    // ---- media
    m = /^\/media\/([^/]+)\/([^/]+)\/(.+)$/.exec(p);
    if (m && (req.method === 'GET' || req.method === 'HEAD')) {
      const [embed, v] = byId(m[2]);
      if (!v || v.archived || m[1] !== SPACE) return problem(res, 404, 'not_found', 'no such video');
      if (tokenProblem(res, v, token)) return;
      const file = normalize(join(fixtures, m[3]));
      if (!file.startsWith(fixtures)) return problem(res, 404, 'not_found', 'no');
      if (m[3] === 'playlist.m3u8' && (state.republish.has(v.id) || state.versions[v.id])) {
        // Pinned URIs, then (when armed) a new version that leaves them dangling.
        const version = state.versions[v.id] || 1;
        if (state.republish.delete(v.id)) state.versions[v.id] = version + 1;
        const pin = (u) => `${u}${u.includes('?') ? '&' : '?'}v=${version}`;
        const master = readFileSync(file, 'utf8').split('\n').map((line) => {
          if (!line) return line;
          if (line.startsWith('#')) return line.replace(/URI="([^"]+)"/g, (_, u) => `URI="${pin(u)}"`);
          return pin(line);
        }).join('\n');
        return send(res, 200, master, TYPES['.m3u8']);
      }
      const pinned = url.searchParams.get('v');
      if (pinned && state.versions[v.id] && +pinned !== state.versions[v.id]) return problem(res, 404, 'not_found', 'no such asset version');
      if (v.mono && m[3] === 'playlist.m3u8') {
        const master = readFileSync(file, 'utf8').split('\n').filter((l) => !l.includes('LANGUAGE="fr",DEFAULT=NO,AUTOSELECT=YES,CHANNELS')).join('\n');
        return send(res, 200, master, TYPES['.m3u8']);
      }
      if (file.endsWith('.m3u8') && token) {
        // Like the server: every URI in a playlist carries the token.
        if (!existsSync(file)) return problem(res, 404, 'not_found', 'no such file');
        const t = encodeURIComponent(token);
        const body = readFileSync(file, 'utf8').split('\n').map((line) => {
          if (!line) return line;
          if (line.startsWith('#')) return line.replace(/URI="([^"]+)"/g, (_, u) => `URI="${u}?token=${t}"`);
          return `${line}?token=${t}`;
        }).join('\n');
        return send(res, 200, body, TYPES['.m3u8']);
      }
      return serveFile(req, res, file);
    }
    m = /^\/images\/([^/.]+)\.jpg$/.exec(p);
    if (m) return serveFile(req, res, join(fixtures, 'poster.jpg'));

    // ---- components, examples, pages
    m = /^\/(?:cdn|dist)\/([\w.-]+\.js)$/.exec(p);
    if (m) return serveFile(req, res, join(COMPONENTS, 'dist', m[1]));
    m = /^\/react-dist\/([\w.-]+\.js)$/.exec(p);
    if (m) return serveFile(req, res, join(COMPONENTS, 'react', 'dist', m[1]));
    m = /^\/examples\/(html|react|vue|svelte)\/(.*)$/.exec(p);
    if (m) {
      const dir = m[1] === 'html' ? join(EXAMPLES, 'html') : join(EXAMPLES, m[1], 'dist');
      const file = normalize(join(dir, m[2] || 'index.html'));
      if (!file.startsWith(dir)) return problem(res, 404, 'not_found', 'no');
      return serveFile(req, res, file);
    }
    if (p.startsWith('/pages/')) {
      const file = normalize(join(PAGES, p.slice(7)));
      if (!file.startsWith(PAGES)) return problem(res, 404, 'not_found', 'no');
      return serveFile(req, res, file);
    }
    if (p === '/favicon.ico') return send(res, 204, '');
    problem(res, 404, 'not_found', 'no route');
  });

  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  base = `http://127.0.0.1:${server.address().port}`;
  return {
    base,
    state,
    close: () => new Promise((r) => { server.closeAllConnections?.(); server.close(r); }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const m = await startMock({ port: +(process.env.PORT || 8765) });
  console.log(`mock Reel server on ${m.base}  (pages: ${m.base}/pages/player.html)`);
}
