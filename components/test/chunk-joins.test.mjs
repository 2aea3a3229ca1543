// The joins of a chunked encode (issue 19 item 2) against the REAL server:
// refserver runs with --chunk-threshold 6s --chunk-length 4s, so an 18 s
// 1280x720 source is encoded in five chunks of one 4 s segment each (the
// last one 2 s) and stitched, with joins at 4, 8, 12 and 16 s; the test
// fails when the server log does not show that chunked encode (five video
// chunks, the audio, one stitch).
//
// What is served, per rendition (sd and hd): the MP4 rendition and the
// HLS track (init.mp4 + every segment, joined) hold exactly the source's
// frames, decode times strictly increasing, presentation times one frame
// apart, a keyframe at every join; the media playlist's segments last 4 s
// but the last. media/chunk_test.go TestStitchJoins holds media.Stitch
// itself to more (the same boundaries as the one-job encode, the A/V offset
// at the end); this checks that the worker, the store and the blobs deliver
// what it made.
//
// Playback: <reel-player> (hls.js) in Chromium plays each rendition,
// pinned with hls.js currentLevel and buffered whole first, from 0 to
// `ended` at 2x: no `waiting` and no `seeking` after the first `playing`
// (hls.js jumps a hole in the buffer by seeking), currentTime crosses every
// join, no hls.js error, fatal or not (bufferStalledError,
// bufferNudgeOnStall, bufferSeekOverHole, fragParsingError, ...), every
// segment buffered from the pinned rendition, and the buffer one range from
// 0 to the end. 2x because at 4x a loaded 2-core machine's software decoder
// falls behind on the 720p rendition: `waiting` with seconds buffered ahead,
// anywhere (REEL_CHUNK_RATE=4 tries). A one-frame hole at a join plays
// through in Chromium; the frame counts above catch it. Screenshots past
// the 8 s join: sd at 360 px, hd at 1440 px, in test/artifacts/chunks/.
// Skips only when Go is not installed.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, launch, newPage, settle } from './browser.mjs';
import { abandonStart, apiClient, buildServer, cleanup, createReady, findGo, getBytes, startServer, startSite, tempDir } from './real-server.mjs';

const GO = findGo();
const skip = GO ? false : 'Go is not installed: the chunk-join tests need `go build ./refserver`';
const SHOTS = join(ARTIFACTS, 'chunks');

const DURATION = 18; // s
const FPS = 25;
const FRAMES = DURATION * FPS;
const CHUNK = 4; // s: --chunk-length, one segment
const SEGMENT = 4; // s: media.DefaultSegmentTime
// PlanChunks: a chunk every 4 s; the 2 s rest is half a chunk, so it keeps
// a chunk of its own.
const CHUNKS = 5;
const JOINS = Array.from({ length: CHUNKS - 1 }, (_, i) => (i + 1) * CHUNK);
const RATE = +(process.env.REEL_CHUNK_RATE || 2);
// The rendition each screenshot is taken of, by viewport width.
const VIEWPORTS = { h264_sd: { width: 360, height: 640 }, h264_hd: { width: 1440, height: 900 } };

let tmp, source, srv, site, api, browser, video;

before(async () => {
  if (skip) return;
  mkdirSync(SHOTS, { recursive: true });
  tmp = tempDir('reel-chunks-');
  try {
    const bin = process.env.REEL_REFSERVER || buildServer(GO, tmp);
    const media = join(tmp, 'media');
    mkdirSync(media);
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=${FPS}:duration=${DURATION}`,
      '-f', 'lavfi', '-i', `sine=frequency=440:duration=${DURATION}`,
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', String(2 * FPS),
      '-c:a', 'aac', '-b:a', '64k', '-ac', '2',
      '-movflags', '+faststart', (source = join(media, 'long.mp4'))], { stdio: ['ignore', 'inherit', 'inherit'] });
    srv = await startServer(bin, join(tmp, 'data'), { args: ['--chunk-threshold', '6s', '--chunk-length', `${CHUNK}s`] });
    site = await startSite({ media, reel: srv.base });
    api = apiClient(srv.base, srv.key);
    video = await createReady(api, { input_url: site.base + '/media/long.mp4', title: 'Chunk joins' });
    browser = await launch();
  } catch (e) {
    await abandonStart(srv, site);
    throw e;
  }
});

after(async () => {
  await browser?.close();
  await site?.close();
  await srv?.stop();
  cleanup(tmp);
});

/** The video packets of file: pts and dts in seconds, keyframe or not, in file order. */
function packets(file) {
  const out = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-of', 'csv=p=0',
    '-show_entries', 'packet=pts_time,dts_time,flags', file], { encoding: 'utf8' });
  return out.trim().split('\n').map((line) => {
    const [pts, dts, flags] = line.split(',');
    return { pts: +pts, dts: +dts, key: flags.includes('K') };
  });
}

/** Exactly the source's frames, decode times increasing, one frame apart on screen, a keyframe at every join. */
function checkFrames(what, file) {
  const ps = packets(file);
  assert.equal(ps.length, FRAMES, `${what}: ${ps.length} frames, the source has ${FRAMES}`);
  for (let i = 1; i < ps.length; i++) {
    assert.ok(ps[i].dts > ps[i - 1].dts, `${what}: packet ${i} decodes at ${ps[i].dts} after ${ps[i - 1].dts}`);
  }
  const shown = ps.map((p) => p.pts).sort((a, b) => a - b);
  for (let i = 1; i < shown.length; i++) {
    const step = shown[i] - shown[i - 1];
    assert.ok(Math.abs(step - 1 / FPS) < 1e-3, `${what}: frame ${i} shows ${step.toFixed(4)} s after the one before (at ${shown[i]})`);
  }
  for (const j of JOINS) {
    const p = ps.find((x) => Math.abs(x.pts - shown[0] - j) < 0.5 / FPS);
    assert.ok(p?.key, `${what}: no keyframe at the join at ${j} s`);
  }
}

/** A media playlist's init segment, segment URIs and EXTINF durations. */
function mediaPlaylist(text) {
  const out = { init: null, segments: [], durations: [] };
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (line.startsWith('#EXT-X-MAP:')) out.init = /URI="([^"]+)"/.exec(line)[1];
    else if (line.startsWith('#EXTINF:')) out.durations.push(parseFloat(line.slice(8)));
    else if (line && !line.startsWith('#')) out.segments.push(line);
  }
  return out;
}

describe('chunked encode', { skip }, () => {
  test('the server encoded the video in chunks and stitched them', () => {
    const log = srv.log();
    const ready = new RegExp(`msg="video ready".* video=${video.id} chunks=(\\d+)`).exec(log);
    const jobs = log.split('\n').filter((l) => l.includes(`video=${video.id}`)).join('\n');
    assert.ok(ready, `no "video ready ... chunks=N" for ${video.id}: encoded in one job?\n${jobs}`);
    assert.equal(+ready[1], CHUNKS, 'video chunks stitched');
    const done = (kind) => log.split('\n').filter((l) => l.includes('msg="job done"') && l.includes(`kind=${kind} video=${video.id}`)).length;
    assert.equal(done('chunk'), CHUNKS + 1, 'chunk jobs done: every chunk and the audio');
    assert.equal(done('stitch'), 1, 'stitch jobs done');
    assert.equal(video.duration, DURATION);
  });

  test('the served renditions: the source frames, keyframes at the joins, 4 s segments', async () => {
    assert.equal(packets(source).length, FRAMES, 'frames of the source');
    const master = video.urls.hls;
    const variants = (await getBytes(master)).toString('utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
    assert.equal(variants.length, video.renditions.length, 'one variant per rendition');
    assert.deepEqual(video.renditions.map((r) => r.name), Object.keys(VIEWPORTS));
    for (const r of video.renditions) {
      const mp4 = join(tmp, `${r.name}.mp4`);
      writeFileSync(mp4, await getBytes(r.url));
      checkFrames(`${r.name}.mp4`, mp4);

      const variant = variants.find((v) => v.includes(`${r.name}/`));
      assert.ok(variant, `the master lists ${r.name}: ${variants}`);
      const url = new URL(variant, master);
      const pl = mediaPlaylist((await getBytes(url.href)).toString('utf8'));
      assert.equal(pl.segments.length, Math.ceil(DURATION / SEGMENT), `${r.name} segments: ${pl.segments}`);
      assert.deepEqual(pl.segments.map((s) => s.replace(/\?.*/, '')), pl.segments.map((_, i) => `${i}.m4s`), `${r.name}: numbered through`);
      pl.durations.forEach((d, i) => {
        if (i < pl.durations.length - 1) assert.ok(Math.abs(d - SEGMENT) < 1e-3, `${r.name} segment ${i} lasts ${d} s`);
        else assert.ok(d > 0 && d <= SEGMENT + 1e-3, `${r.name}: last segment lasts ${d} s`);
      });
      const parts = [await getBytes(new URL(pl.init, url).href)];
      for (const s of pl.segments) parts.push(await getBytes(new URL(s, url).href));
      const joined = join(tmp, `${r.name}-hls.mp4`);
      writeFileSync(joined, Buffer.concat(parts));
      checkFrames(`${r.name} HLS`, joined);
    }
  });

  test('hls.js plays every rendition through every join without a stall', { timeout: 240000 }, async () => {
    const names = video.renditions.map((r) => r.name);
    for (const [level, name] of names.entries()) {
      const page = await newPage(browser.context);
      await page.setViewportSize(VIEWPORTS[name]);
      await page.goto(`${site.base}/pages/real.html`);
      await page.evaluate(async (embed) => {
        await customElements.whenDefined('reel-player');
        document.getElementById('root').innerHTML = `<reel-player embed="${embed}" loading="eager" muted prefer-playback="mse"
          controls="play time seek volume fullscreen"></reel-player>`;
      }, video.embed);
      await page.waitForFunction((n) => document.querySelector('reel-player').hls?.levels?.length === n, names.length, { timeout: 20000 });
      // Listeners before anything plays; the hls.js event names are Hls.Events' values.
      await page.evaluate((level) => {
        const p = document.querySelector('reel-player');
        const v = p.media;
        const hls = p.hls;
        const log = (window.__chunks = { started: false, events: [], times: [], errors: [], frags: [], freeze: 0, freezeAt: 0 });
        // ahead: the seconds buffered past the playhead (a waiting with
        // plenty ahead is a decoder that cannot keep up, not a hole).
        const ahead = () => {
          const b = v.buffered;
          for (let i = 0; i < b.length; i++) if (b.start(i) <= v.currentTime + 0.05 && v.currentTime < b.end(i)) return b.end(i) - v.currentTime;
          return 0;
        };
        for (const type of ['playing', 'waiting', 'seeking', 'seeked', 'pause', 'ended']) {
          v.addEventListener(type, () => log.events.push({ type, t: v.currentTime, ahead: ahead() }));
        }
        v.addEventListener('timeupdate', () => log.times.push(v.currentTime));
        hls.on('hlsError', (_e, d) => {
          // Pinning the level below aborts the loads ABR had started:
          // those are ours.
          if (d.details === 'aborted' && !d.fatal && !log.started) return;
          const frag = d.frag ? ` (segment ${d.frag.sn} of level ${d.frag.level})` : '';
          log.errors.push(`${d.type}/${d.details}${d.fatal ? ' fatal' : ''} at ${v.currentTime.toFixed(3)}${frag}${d.reason ? ': ' + d.reason : ''}`);
        });
        hls.on('hlsFragBuffered', (_e, d) => d.frag.type === 'main' && log.frags.push({ level: d.frag.level, sn: d.frag.sn }));
        // The longest stretch of wall time in which a playing video's clock
        // stood still, and where: for the log (a loaded machine makes some).
        let last = { t: -1, at: 0 };
        setInterval(() => {
          if (v.paused || v.ended || !log.events.some((e) => e.type === 'playing')) return (last = { t: -1, at: 0 });
          const now = performance.now();
          if (v.currentTime !== last.t) last = { t: v.currentTime, at: now };
          else if (now - last.at > log.freeze) [log.freeze, log.freezeAt] = [now - last.at, v.currentTime];
        }, 20);
        hls.currentLevel = level; // pinned: no ABR switch
      }, level);
      // Every segment of the pinned level's playlist in the buffer before
      // the play (hls.js buffers 30 s ahead, the whole video), so that no
      // abort of the switch comes after it.
      const whole = (level) => {
        const n = document.querySelector('reel-player').hls.levels[level].details?.fragments.length;
        return n > 0 && new Set(window.__chunks.frags.filter((f) => f.level === level).map((f) => f.sn)).size === n;
      };
      const loading = (level) => {
        const p = document.querySelector('reel-player');
        const b = p.media.buffered;
        return {
          fragments: p.hls.levels[level].details?.fragments.length,
          buffered: window.__chunks.frags,
          errors: window.__chunks.errors,
          levels: { current: p.hls.currentLevel, load: p.hls.loadLevel, next: p.hls.nextLoadLevel },
          ranges: Array.from({ length: b.length }, (_, i) => [b.start(i), b.end(i)]),
          readyState: p.media.readyState,
        };
      };
      // Locally this takes under a second; make test once took over 20 s
      // for the second level, and CI once never got there in 60 s (that
      // run printed nothing of hls.js's state; this does). Pinned again
      // once after 30 s, which flushes and loads the level anew: what is
      // measured below is the joins, not hls.js's level switch. An error
      // on the way still fails the test (got.errors below).
      for (let attempt = 1; ; attempt++) {
        const done = await page.waitForFunction(whole, level, { timeout: 30000 }).then(() => true, () => false);
        if (done) break;
        const state = await page.evaluate(loading, level).catch((x) => x.message);
        if (attempt === 2) throw new Error(`${name}: not every segment buffered in 60 s, pinned twice: ${JSON.stringify(state)}; page errors: ${page.errors.join('; ')}`);
        console.log(`# ${name}: not every segment buffered in 30 s, pinning again: ${JSON.stringify(state)}`);
        await page.evaluate((level) => (document.querySelector('reel-player').hls.currentLevel = level), level);
      }
      await page.evaluate((rate) => {
        window.__chunks.started = true;
        const v = document.querySelector('reel-player').media;
        v.playbackRate = rate;
        return v.play();
      }, RATE);
      const past = JOINS[1] + 0.5;
      const screened = await page.waitForFunction((t) => document.querySelector('reel-player').currentTime > t || window.__chunks.freeze > 5000,
        past, { timeout: 20000 }).then(() => page.evaluate((t) => document.querySelector('reel-player').currentTime > t, past), () => false);
      if (screened) {
        await page.hover('reel-player'); // the control bar shows the time
        // shown, and faded in
        await page.waitForFunction(() => {
          const root = document.querySelector('reel-player').shadowRoot;
          return !root.querySelector('media-controller').hasAttribute('userinactive') && getComputedStyle(root.querySelector('media-control-bar')).opacity === '1';
        });
        await settle(page);
        await page.screenshot({ path: join(SHOTS, `${name}-${VIEWPORTS[name].width}.png`) });
      }
      // Until the end, or until the clock stood still for 5 s (a stall for good).
      await page.waitForFunction(() => document.querySelector('reel-player').media.ended || window.__chunks.freeze > 5000, null,
        { timeout: (DURATION / RATE) * 1000 + 30000 }).catch(() => {});
      const got = await page.evaluate(() => {
        const v = document.querySelector('reel-player').media;
        const q = v.getVideoPlaybackQuality();
        const b = v.buffered;
        return {
          ...window.__chunks,
          end: v.currentTime,
          level: document.querySelector('reel-player').hls.currentLevel,
          buffered: Array.from({ length: b.length }, (_, i) => [b.start(i), b.end(i)]),
          frames: { total: q.totalVideoFrames, dropped: q.droppedVideoFrames },
        };
      });
      const first = got.events.findIndex((e) => e.type === 'playing');
      const afterPlaying = got.events.slice(first + 1);
      const waiting = afterPlaying.filter((e) => e.type === 'waiting');
      const perJoin = JOINS.map((j) => `${j} s: ${waiting.filter((e) => Math.abs(e.t - j) <= 0.5).length}`);
      console.log(`# ${name} at ${RATE}x: events ${got.events.map((e) => `${e.type}@${e.t.toFixed(2)}${e.type === 'waiting' ? `(${e.ahead.toFixed(2)} s ahead)` : ''}`).join(' ')}; ` +
        `waiting per join ${perJoin.join(', ')}; longest freeze ${Math.round(got.freeze)} ms at ${got.freezeAt.toFixed(2)} s; ` +
        `frames ${got.frames.total} (${got.frames.dropped} dropped); buffered ${JSON.stringify(got.buffered)}`);

      assert.ok(first >= 0, `${name}: never playing`);
      assert.deepEqual(got.errors, [], `${name}: hls.js errors`);
      assert.deepEqual(waiting, [], `${name}: waiting after the first playing (per join: ${perJoin.join(', ')})`);
      assert.deepEqual(afterPlaying.filter((e) => e.type === 'seeking'), [], `${name}: a seek while playing (a hole jumped)`);
      assert.equal(got.level, level, `${name}: still the pinned level`);
      for (const j of JOINS) {
        assert.ok(got.times.some((t) => t < j) && got.times.some((t) => t > j), `${name}: currentTime never crossed the join at ${j} s`);
      }
      for (let i = 1; i < got.times.length; i++) assert.ok(got.times[i] >= got.times[i - 1], `${name}: time ran back at ${got.times[i]}`);
      assert.ok(got.events.some((e) => e.type === 'ended'), `${name}: no ended event`);
      assert.ok(Math.abs(got.end - DURATION) < 0.1, `${name}: ended at ${got.end}`);
      // Every segment came from the pinned rendition (the last load of each wins).
      const bySn = new Map(got.frags.map((f) => [f.sn, f.level]));
      assert.deepEqual([...bySn.keys()].sort((a, b) => a - b), Array.from({ length: Math.ceil(DURATION / SEGMENT) }, (_, i) => i), `${name}: segments buffered`);
      assert.ok([...bySn.values()].every((l) => l === level), `${name}: segments of other levels: ${JSON.stringify(got.frags)}`);
      // One buffered range: no hole at any join.
      assert.equal(got.buffered.length, 1, `${name}: buffered ${JSON.stringify(got.buffered)}`);
      assert.ok(got.buffered[0][0] < 0.1 && Math.abs(got.buffered[0][1] - DURATION) < 0.1, `${name}: buffered ${JSON.stringify(got.buffered)}`);
      assert.deepEqual(page.errors, [], `${name}: page errors`);
      await page.close();
    }
  });
});
