// Unit tests for the pure helpers (util.ts, the metrics queue and batching),
// compiled on the fly with esbuild.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import * as esbuild from 'esbuild';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
let U, M, L;
before(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'reel-unit-'));
  for (const [name, entry] of [['util', 'src/util.ts'], ['metrics', 'metrics/src/index.ts'], ['livebeat', 'src/lazy/livebeat.ts']]) {
    const r = await esbuild.build({ entryPoints: [join(root, entry)], bundle: true, format: 'esm', platform: 'neutral', write: false });
    writeFileSync(join(dir, name + '.mjs'), r.outputFiles[0].contents);
  }
  U = await import(pathToFileURL(join(dir, 'util.mjs')).href);
  M = await import(pathToFileURL(join(dir, 'metrics.mjs')).href);
  L = await import(pathToFileURL(join(dir, 'livebeat.mjs')).href);
});

test('formatTime', () => {
  assert.equal(U.formatTime(0), '0:00');
  assert.equal(U.formatTime(12.7), '0:12');
  assert.equal(U.formatTime(65), '1:05');
  assert.equal(U.formatTime(3725), '1:02:05');
  assert.equal(U.formatTime(NaN), '0:00');
});

test('humanSize', () => {
  assert.equal(U.humanSize(999), '999 B');
  assert.equal(U.humanSize(2345678), '2.3 MB');
  assert.equal(U.humanSize(45_000), '45 kB');
  assert.equal(U.humanSize(1.5e9), '1.5 GB');
  assert.equal(U.humanSize(-1), '');
});

test('parseControls', () => {
  assert.deepEqual([...U.parseControls(null)], ['play', 'time', 'seek', 'volume', 'subtitles', 'fullscreen', 'audiotracks', 'chapters', 'quality', 'airplay']);
  assert.deepEqual([...U.parseControls('airplay rate, quality chapters pip bogus')], ['chapters', 'quality', 'rate', 'pip', 'airplay']);
  assert.deepEqual([...U.parseControls('')], []);
  assert.deepEqual([...U.parseControls('pip  play bogus RATE')], ['play', 'rate', 'pip']);
});

test('qualityCap and capLevel', () => {
  assert.deepEqual(U.qualityCap('hd'), { long: 1280, short: 720 });
  assert.deepEqual(U.qualityCap('h264_fhd'), { long: 1920, short: 1080 });
  assert.deepEqual(U.qualityCap('720'), { long: 720, short: Infinity });
  assert.deepEqual(U.qualityCap(null), { long: Infinity, short: Infinity });
  const levels = [{ width: 1280, height: 720 }, { width: 640, height: 360 }, { width: 1920, height: 1080 }];
  assert.equal(U.capLevel(levels, U.qualityCap('hd')), 0);
  assert.equal(U.capLevel(levels, U.qualityCap('sd')), 1);
  assert.equal(U.capLevel(levels, U.qualityCap('1280')), 0);
  assert.equal(U.capLevel(levels, U.qualityCap('100')), 1, 'below every level: the smallest');
  assert.equal(U.capLevel(levels, U.qualityCap(null)), -1);
  // Rungs are boxes: a square video's fhd (1080x1080) is over the hd box,
  // its hd (720x720) within it; a portrait one's hd is 720x1280.
  const square = [{ width: 360, height: 360 }, { width: 720, height: 720 }, { width: 1080, height: 1080 }];
  assert.equal(U.capLevel(square, U.qualityCap('hd')), 1);
  assert.equal(U.capLevel(square, U.qualityCap('sd')), 0);
  const portrait = [{ width: 360, height: 640 }, { width: 720, height: 1280 }, { width: 1080, height: 1920 }];
  assert.equal(U.capLevel(portrait, U.qualityCap('hd')), 1);
  const fourThree = [{ width: 480, height: 360 }, { width: 960, height: 720 }, { width: 1440, height: 1080 }];
  assert.equal(U.capLevel(fourThree, U.qualityCap('hd')), 1);
  assert.equal(U.withinCap({ width: 1080, height: 1080 }, U.qualityCap('hd')), false);
});

test('chooseSubtitles', () => {
  const subs = [{ language: 'en', url: 'e' }, { language: 'fr', url: 'f' }, { language: 'de', url: 'd' }];
  assert.equal(U.chooseSubtitles(subs, null, null).offered.length, 3);
  assert.equal(U.chooseSubtitles(subs, 'all', null).active, null);
  assert.deepEqual(U.chooseSubtitles(subs, 'off', 'en'), { offered: [], active: null });
  assert.deepEqual(U.chooseSubtitles(subs, 'original', 'original', 'fr').offered.map((s) => s.language), ['fr']);
  assert.equal(U.chooseSubtitles(subs, 'original', 'original', 'fr').active, 'fr');
  assert.deepEqual(U.chooseSubtitles(subs, 'fr de', 'de').offered.map((s) => s.language), ['fr', 'de']);
  assert.equal(U.chooseSubtitles(subs, 'all', 'en-US').active, 'en');
  assert.equal(U.chooseSubtitles(subs, 'fr', 'en').active, null, 'active must be offered');
});

test('withToken, frameUrl, posterSeconds', () => {
  assert.equal(U.withToken('https://x/a.m3u8', 'a b'), 'https://x/a.m3u8?token=a%20b');
  assert.equal(U.withToken('https://x/a?w=1', 't'), 'https://x/a?w=1&token=t');
  assert.equal(U.withToken('https://x/a?token=q', 't'), 'https://x/a?token=q');
  assert.equal(U.withToken('https://x/a', null), 'https://x/a');
  assert.equal(U.frameUrl('https://i/e.jpg?time={time}&width={width}', 12.5, 640), 'https://i/e.jpg?time=12.5&width=640');
  assert.equal(U.frameUrl('https://i/e.jpg', 3), 'https://i/e.jpg?time=3');
  assert.equal(U.frameUrl('https://i/e.jpg?time={time}&width={width}', 3), 'https://i/e.jpg?time=3');
  assert.equal(U.posterSeconds('12.5'), 12.5);
  assert.equal(U.posterSeconds('7s'), 7);
  assert.equal(U.posterSeconds('https://x/p.jpg'), null);
});

test('parseVTT and cueAt', () => {
  const cues = U.parseVTT('WEBVTT\r\n\r\n1\r\n00:00:01.000 --> 00:00:02.500 align:start\r\n<v Bob>Hi</v> there\r\n\r\n00:01:00.000 --> 00:01:02.000\nTwo\nlines\n');
  assert.deepEqual(cues, [
    { start: 1, end: 2.5, text: 'Hi there' },
    { start: 60, end: 62, text: 'Two\nlines' },
  ]);
  assert.equal(U.cueAt(cues, 0.5), -1);
  assert.equal(U.cueAt(cues, 1), 0);
  assert.equal(U.cueAt(cues, 61), 1);
  assert.equal(U.cueAt(cues, 62), -1);
});

test('filterRenditions and backoff', () => {
  const r = [{ name: 'h264_sd' }, { name: 'h264_hd' }];
  assert.deepEqual(U.filterRenditions(r, 'h264_hd nope h264_sd').map((x) => x.name), ['h264_hd', 'h264_sd']);
  assert.equal(U.filterRenditions(r, '').length, 2);
  assert.equal(U.backoff(0), 1000);
  assert.ok(U.backoff(3) > U.backoff(2));
  assert.equal(U.backoff(50), 30000);
});

test('metrics: bounded queue drops the oldest', () => {
  const q = new M.BoundedQueue(3);
  q.push(1, 2, 3, 4);
  assert.deepEqual(q.items, [2, 3, 4]);
  assert.equal(q.dropped, 1);
  q.unshift([0]);
  assert.deepEqual(q.items, [2, 3, 4], 'past the bound the oldest go first, re-queued ones included');
  assert.equal(q.dropped, 2);
});

test('metrics: batches by size, re-queues on failure, one session per page', async () => {
  const sent = [];
  let ok = false;
  const m = new M.Metrics({
    endpoint: 'http://x/v1/events',
    embed: 'spc01public0001',
    batch: 3,
    interval: 1e9,
    send: async (body) => {
      sent.push(JSON.parse(body));
      return ok;
    },
  });
  m.track('play');
  m.track('pause');
  assert.equal(sent.length, 0);
  m.track('seeked');
  await new Promise((r) => setTimeout(r, 10));
  assert.equal(sent.length, 1, 'batch of 3 sent');
  assert.equal(m.queued, 3, 'failed batch re-queued');
  ok = true;
  await m.flush(false);
  assert.equal(m.queued, 0);
  const ev = sent[1].events[0];
  assert.equal(ev.type, 'play');
  assert.equal(ev.embed, 'spc01public0001');
  assert.equal(ev.session, m.session);
  assert.equal(typeof ev.t, 'number');
  assert.equal(ev.position, 0);
  const m2 = new M.Metrics({ endpoint: 'x', embed: 'e', send: async () => true });
  assert.equal(m2.session, m.session, 'one session id per page view');
  m.destroy();
  m2.destroy();
});

test('live heartbeats carry live and the latency; other events and non-live heartbeats do not', async () => {
  const sent = [];
  const m = new M.Metrics({ endpoint: 'x', embed: 'spc01live000001', interval: 1e9, send: async (body) => (sent.push(...JSON.parse(body).events), true) });
  let latency = 1.837;
  L.reportLatency(m, () => latency);
  L.reportLatency(m, () => latency); // wrapped once: the fields are not added twice
  const beat = () => m.track('heartbeat', { from: 0, to: 10 });
  beat();
  m.track('pause');
  latency = null; // live, not measured yet
  beat();
  latency = undefined; // not live (waiting, ended)
  beat();
  latency = 1e7; // a clock a long way off: capped at what the server accepts
  beat();
  latency = -3;
  beat();
  latency = NaN;
  beat();
  await m.flush(true);
  const fields = sent.map((e) => (e.type === 'heartbeat' ? { live: e.live, latency: e.latency } : e.type));
  assert.deepEqual(fields, [
    { live: true, latency: 1.84 },
    'pause',
    { live: true, latency: undefined },
    { live: undefined, latency: undefined },
    { live: true, latency: L.MAX_LATENCY },
    { live: true, latency: 0 },
    { live: true, latency: undefined },
  ]);
  assert.equal(sent[0].from, 0);
  assert.equal(sent[0].to, 10, 'the heartbeat keeps its own fields');
  assert.equal(L.MAX_LATENCY, 86400, 'the server bound (analytics.MaxLatencySeconds)');
  m.destroy();
});

test('trackLabels: each language in its own name, the server label as fallback', () => {
  const cases = [
    [[{ language: 'en', label: 'en' }, { language: 'de', label: 'German' }, { language: 'fr', label: '' }], ['English', 'Deutsch', 'Français']],
    [[{ language: 'pt-BR', label: 'pt-BR' }, { language: 'ja', label: 'Japanese' }], ['Português (Brasil)', '日本語']],
    // unknown or no language: the server's label, else the code, else a number
    [[{ language: 'und', label: 'Director' }, { language: 'qqq', label: '' }, { language: '', label: '' }], ['Director', 'qqq', 'Track 3']],
    // two tracks of one language stay apart by their labels
    [[{ language: 'en', label: 'English' }, { language: 'en', label: 'Commentary' }], ['English', 'English (Commentary)']],
  ];
  for (const [tracks, want] of cases) assert.deepEqual(U.trackLabels(tracks), want);
  assert.equal(U.nativeLanguageName('not a tag!'), null);
});

test('codecName reads the API codec off HLS CODECS', () => {
  assert.equal(U.codecName('avc1.64001f,mp4a.40.2'), 'h264');
  assert.equal(U.codecName('av01.0.08M.08'), 'av1');
  assert.equal(U.codecName('mp4a.40.2,hvc1.1.6.L120.90'), 'hevc');
  assert.equal(U.codecName('hev1.1.6.L120.90'), 'hevc');
  assert.equal(U.codecName('vp09.00.10.08'), null);
  assert.equal(U.codecName(undefined), null);
});

test('chooseCodec: the most efficient smooth codec, power-efficient first; a preference wins', async () => {
  const renditions = [
    { name: 'h264_sd', width: 640, height: 360, bitrate: 800_000 },
    { name: 'h264_hd', width: 1280, height: 720, bitrate: 2_000_000 },
    { name: 'av1_hd', width: 1280, height: 720, bitrate: 1_200_000 },
    { name: 'hevc_hd', width: 1280, height: 720, bitrate: 1_400_000 },
  ];
  // What a browser answers, per codec: [supported, smooth, powerEfficient].
  const browser = (table) => async (probe, r) => {
    assert.equal(r.width, 1280, 'asked at the largest rendition up to 1080p');
    const [supported, smooth, powerEfficient] = table[probe.slice(0, 4)] || [false, false, false];
    return { supported, smooth, powerEfficient };
  };
  const software = browser({ av01: [true, true, false], avc1: [true, true, false] });
  assert.deepEqual(await U.chooseCodec(renditions, null, software), { name: 'av1', fourcc: 'av01', minBitrate: 1_200_000 });
  const phone = browser({ av01: [true, true, false], hvc1: [true, true, true], avc1: [true, true, true] });
  assert.equal((await U.chooseCodec(renditions, null, phone)).name, 'hevc', 'hardware HEVC before software AV1');
  const choppy = browser({ av01: [true, false, false], avc1: [true, true, false] });
  assert.equal((await U.chooseCodec(renditions, null, choppy)).name, 'h264', 'AV1 that is not smooth loses');
  assert.deepEqual(await U.chooseCodec(renditions, 'h264', software), { name: 'h264', fourcc: 'avc1', minBitrate: 800_000 });
  assert.equal((await U.chooseCodec(renditions, 'hevc, av1', software)).name, 'av1', 'the first preferred codec the browser decodes');
  assert.equal(await U.chooseCodec(renditions.slice(0, 2), null, software), null, 'one codec: nothing to choose');
  const failing = async () => {
    throw new Error('no MediaCapabilities');
  };
  assert.equal(await U.chooseCodec(renditions, null, failing), null, 'nothing decodable');
});
