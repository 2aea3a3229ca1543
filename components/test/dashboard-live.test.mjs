// The dashboard's Live page (issue 32) against the REAL server with an RTMP
// ingest (refserver --rtmp-addr 127.0.0.1:0): create a stream in the page,
// its key shown once (not after a reload) with copy buttons for the key, the
// RTMP server and the full SRT URL; reset the key; FFmpeg publishing turns
// the stream LIVE in the page with a <reel-player> preview of the session's
// video; delete while live shows the API's 409; delete; a read-only key sees
// no write controls; the viewers of the session (now, peak, latency
// p50–p95) from players' live heartbeats. Screenshots at 390 and 1280 px
// (the viewers at 360 and 1440, light and dark):
// test/artifacts/dashboard-live/. Skips when Go or FFmpeg is missing.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { ARTIFACTS, launch, newPage, settle } from './browser.mjs';
import { abandonStart, apiClient, buildServer, cleanup, findGo, startServer, tempDir, until } from './real-server.mjs';

const GO = findGo();
const hasFFmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const skip = !GO ? 'Go is not installed: the test needs `go build ./refserver`' : !hasFFmpeg ? 'FFmpeg is not installed: the test publishes with it' : false;
const SHOTS = join(ARTIFACTS, 'dashboard-live');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

let tmp, srv, api, browser, page, readOnlyKey, publisher;
const st = {}; // the stream made along the way: id, key

before(async () => {
  if (skip) return;
  mkdirSync(SHOTS, { recursive: true });
  tmp = tempDir('reel-dash-live-');
  try {
    const bin = process.env.REEL_REFSERVER || buildServer(GO, tmp);
    srv = await startServer(bin, join(tmp, 'data'), { args: ['--rtmp-addr', '127.0.0.1:0', '--srt-addr', '127.0.0.1:0'] });
    api = apiClient(srv.base, srv.key);
    readOnlyKey = (await api.post('/v1/keys', { access: 'read_only', name: 'live page read-only' })).key;
    browser = await launch();
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: srv.base });
    page = await newPage(browser.context);
    await signIn(page, srv.key);
  } catch (e) {
    await abandonStart(srv);
    throw e;
  }
});

after(async () => {
  publisher?.kill('SIGKILL');
  await browser?.close();
  await srv?.stop();
  cleanup(tmp);
});

async function signIn(p, key) {
  await p.goto(srv.base + '/');
  await p.evaluate((k) => sessionStorage.setItem('reel.dashboard.key', k), key);
}

// A dialog is shot as the viewport shows it (it scrolls inside itself); a page whole.
const shot = (p, name, fullPage = true) => p.screenshot({ path: join(SHOTS, name + '.png'), fullPage });

async function settled(p) {
  await p.waitForSelector('main h1');
  await p.waitForFunction(() => ![...document.querySelectorAll('[role=status]')].some((e) => /^Loading/.test(e.textContent.trim())), null, { timeout: 15000 });
}

async function go(p, path) {
  await p.goto(srv.base + path);
  await settled(p);
}

/** Shoots the page at phone and desktop width; nothing may scroll sideways. */
async function shots(p, name, fullPage = true) {
  for (const vp of [PHONE, DESKTOP]) {
    await p.setViewportSize(vp);
    await settle(p); // the layout of the new width painted before the shot
    const sw = await p.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(sw <= vp.width, `${name} at ${vp.width} px scrolls sideways (${sw} px)`);
    // Nothing in an open dialog overflows it either (keys and URLs wrap).
    const over = await p.evaluate(() => [...document.querySelectorAll('dialog[open] *')].filter((e) => e.getBoundingClientRect().right > document.querySelector('dialog[open]').getBoundingClientRect().right + 1).map((e) => e.tagName + (e.className ? '.' + e.className : '')));
    assert.deepEqual(over, [], `${name} at ${vp.width} px: overflowing the dialog`);
    await shot(p, `${name}-${vp.width}`, fullPage);
  }
  await p.setViewportSize(DESKTOP);
}

async function axe(p, what) {
  await p.evaluate(AXE);
  const res = await p.evaluate(async () => {
    const r = await window.axe.run({ exclude: [{ fromShadowDom: ['reel-player', 'media-control-bar'] }] }, { resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(' | ')}`);
  });
  assert.deepEqual(res, [], `axe on ${what}:\n${res.join('\n')}`);
}

/** The copy button next to a value in the open dialog: what it holds, and what clicking it puts on the clipboard. */
async function copied(p, name) {
  const btn = p.locator(`dialog .secret:has([data-secret=${name}]) button[data-copy]`);
  const data = await btn.getAttribute('data-copy');
  await btn.click();
  await p.waitForFunction((n) => document.querySelector(`dialog .secret:has([data-secret=${n}]) button`)?.dataset.copied === 'true', name, { timeout: 5000 });
  return { data, clipboard: await p.evaluate(() => navigator.clipboard.readText()) };
}

/** Checks the stream-key dialog against the stream; returns the key. */
async function checkKeyDialog(p, id) {
  const key = (await (await p.waitForSelector('dialog [data-secret=key]')).textContent()).trim();
  assert.match(key, /^rsk_\w+$/);
  const s = await api.get('/v1/live-streams/' + id);
  assert.equal(s.stream_key, undefined, 'GET never answers the key');
  assert.equal(s.stream_key_hint, '…' + key.slice(-4), 'the hint is the key\'s end');
  assert.match(s.ingest.rtmp_url, /^rtmp:\/\/127\.0\.0\.1:\d+\/live$/);
  const srt = `${s.ingest.srt_url}?streamid=publish:${key}`;
  assert.deepEqual(await copied(p, 'key'), { data: key, clipboard: key });
  assert.deepEqual(await copied(p, 'rtmp'), { data: s.ingest.rtmp_url, clipboard: s.ingest.rtmp_url });
  assert.deepEqual(await copied(p, 'srt'), { data: srt, clipboard: srt });
  assert.match(await p.locator('dialog').textContent(), /You will not see this key again/);
  assert.equal((await p.locator('dialog [data-ffmpeg]').textContent()).trim(), `ffmpeg -re -i input.mp4 -c:v libx264 -g 60 -c:a aac -f flv ${s.ingest.rtmp_url}/${key}`);
  return key;
}

/** Publishes a test pattern in real time to the RTMP URL (at most 15 s). */
function publish(url) {
  const p = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-re',
    '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30', '-f', 'lavfi', '-i', 'sine=sample_rate=48000', '-t', '15',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '30', '-pix_fmt', 'yuv420p', '-c:a', 'aac',
    '-f', 'flv', url], { stdio: ['ignore', 'ignore', 'pipe'] });
  p.err = '';
  p.stderr.on('data', (c) => (p.err += c));
  p.done = new Promise((r) => p.on('exit', r));
  return p;
}

describe('dashboard: live streams', { skip }, () => {
  test('the shell answers the Live routes', async () => {
    for (const path of ['/live-streams', '/live-streams/abcdefghijkl']) {
      const res = await fetch(srv.base + path);
      assert.equal(res.status, 200, path);
      assert.match(res.headers.get('content-type'), /^text\/html/);
    }
  });

  test('create in the page: the key once, with copy buttons and the publishing help; not after a reload', async () => {
    await go(page, '/');
    await page.locator('nav[aria-label=Main] a', { hasText: 'Live' }).click();
    await settled(page);
    assert.equal(await page.locator('main h1').textContent(), 'Live');
    assert.ok(await page.locator('nav a[aria-current=page]:has-text("Live")').isVisible());
    await page.fill('#new-title', 'Morning show');
    await page.selectOption('#new-latency', 'standard');
    await page.fill('#new-reconnect', '0');
    await page.fill('#new-dvr', '600');
    await page.click('[data-live-form] button[type=submit]');
    await page.waitForSelector('dialog [data-secret=key]');
    const list = (await api.get('/v1/live-streams')).data;
    assert.equal(list.length, 1);
    st.id = list[0].id;
    assert.deepEqual([list[0].title, list[0].latency_mode, list[0].reconnect_window, list[0].dvr_window, list[0].record, list[0].playback_policy], ['Morning show', 'standard', 0, 600, true, 'public']);
    st.key = await checkKeyDialog(page, st.id);
    await shots(page, 'key-dialog', false);
    await page.click('dialog button:text("I have saved it")');
    await page.waitForURL(new RegExp(`/live-streams/${st.id}$`));
    await settled(page);
    // Gone for good: neither on the stream's page nor after a reload; the hint stays.
    for (const again of [false, true]) {
      if (again) await go(page, `/live-streams/${st.id}`);
      assert.ok(!(await page.content()).includes(st.key), 'the key is not on the page');
      assert.equal(await page.locator('[data-key-hint]').textContent(), `rsk_…${st.key.slice(-4)}`);
    }
    await page.waitForSelector('[data-stream-state=idle] [data-live-state=idle]');
    assert.match(await page.locator('[data-ingest=rtmp]').textContent(), /^rtmp:\/\/127\.0\.0\.1:\d+\/live$/);
    await axe(page, 'the stream page');
    await shots(page, 'stream-idle');
    // The settings are edited with PATCH.
    await page.fill('#edit-dvr', '900');
    await page.click('[data-live-settings] button[type=submit]');
    await until(async () => (await api.get('/v1/live-streams/' + st.id)).dvr_window === 900, { timeout: 10000, what: 'dvr_window saved' });
  });

  test('reset key: confirmed, a new key shown once', async () => {
    await page.click('.page-head [data-action=reset-key]');
    await page.click('dialog button:text("Reset key")');
    const key = await checkKeyDialog(page, st.id);
    assert.notEqual(key, st.key);
    st.key = key;
    await page.click('dialog button:text("I have saved it")');
    await page.waitForFunction((k) => document.querySelector('[data-key-hint]')?.textContent === `rsk_…${k.slice(-4)}`, key);
    assert.ok(!(await page.content()).includes(key));
  });

  test('publishing with FFmpeg: LIVE in the page, a preview player of the video; delete while live shows the 409', async (t) => {
    const s = await api.get('/v1/live-streams/' + st.id);
    const t0 = Date.now();
    publisher = publish(`${s.ingest.rtmp_url}/${st.key}`);
    // The page polls: no reload.
    await page.waitForSelector('[data-stream-state=active] [data-live-state=active]', { timeout: 15000 });
    assert.equal((await page.locator('[data-stream-state] .badge').textContent()).trim(), 'LIVE');
    const live = await api.get('/v1/live-streams/' + st.id);
    assert.ok(live.active_video_id, 'an active video');
    const video = await api.get('/v1/videos/' + live.active_video_id);
    const player = page.locator(`[data-preview] reel-player[data-live-preview="${live.active_video_id}"]`);
    await player.waitFor({ timeout: 10000 });
    assert.equal(await player.getAttribute('embed'), video.embed);
    assert.equal(await player.getAttribute('api'), srv.base);
    assert.equal(await page.locator(`[data-current-video] a[href$="/videos/${live.active_video_id}"]`).count(), 1);
    console.log(`# LIVE in the page ${((Date.now() - t0) / 1000).toFixed(1)} s after the publisher started`);
    // Two players watching live report their latency (the preview has
    // metrics off), once the video is playable (before, the ingest drops
    // events for it, and remembers that for 10 s).
    await until(async () => (await api.get('/v1/videos/' + live.active_video_id)).playable, { timeout: 10000, what: 'the live video playable' });
    const beat = (session, latency) => ({ type: 'heartbeat', embed: video.embed, session, t: Date.now(), position: 10, from: 0, to: 10, live: true, latency });
    const res = await fetch(srv.base + '/v1/events', { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: JSON.stringify({ events: [beat('dash-a', 1.8), beat('dash-b', 2.3)] }) });
    assert.deepEqual([res.status, await res.json()], [202, { accepted: 2 }]);
    // The page shows them within a poll.
    await page.waitForFunction(() => document.querySelector('[data-viewers=now]')?.textContent === '2', null, { timeout: 10000 });
    const viewers = page.locator(`[data-live-viewers="${live.active_video_id}"]`);
    assert.equal(await viewers.locator('[data-viewers=peak]').textContent(), '2');
    assert.match(await viewers.locator('[data-viewers=latency]').textContent(), /^\d\.\d–\d\.\d s$/);

    // Deleting a live stream: the API says no (409), and the page shows why.
    await page.click('.page-head [data-action=delete]');
    await page.click('dialog button:text("Delete stream")');
    const err = page.locator('[data-action-error] .error');
    await err.waitFor({ timeout: 10000 });
    const answer = await api.call('DELETE', '/v1/live-streams/' + st.id).catch((e) => e);
    assert.equal(answer.status, 409);
    assert.ok((await err.textContent()).includes(answer.body.detail), `${await err.textContent()} / ${answer.body.detail}`);
    assert.match(page.url(), new RegExp(`/live-streams/${st.id}$`));
    await shots(page, 'stream-live-409');

    // The list shows it LIVE too, with the live video's link (while the
    // publisher runs: its 15 s may be over on a loaded machine).
    await go(page, '/live-streams');
    if (publisher.exitCode !== null) t.diagnostic('the publisher had stopped before the list was checked');
    else await page.waitForSelector(`tr[data-live-stream="${st.id}"] [data-live-state=active]`);
    assert.equal(await page.locator(`tr[data-live-stream="${st.id}"] td.wide-only a[href$="/videos/${live.active_video_id}"]`).count(), 1);
    console.log(`# the 409 and the list checked ${((Date.now() - t0) / 1000).toFixed(1)} s after the publisher started`);
    st.video = live.active_video_id;

    // The publisher stops (reconnect window 0): the stream goes idle and
    // the session's video is the last one.
    publisher.kill('SIGTERM');
    await publisher.done;
    publisher = null;
    await go(page, `/live-streams/${st.id}`);
    await page.waitForSelector('[data-stream-state=idle]', { timeout: 20000 });
    await page.waitForSelector(`[data-last-video] a[href$="/videos/${st.video}"]`, { timeout: 10000 });
    // Its recording turns ready (no re-encoding) while the page watches.
    await page.waitForSelector('[data-last-video] [data-state=ready]', { timeout: 30000 });
    assert.equal(await page.locator('[data-preview] reel-player').count(), 0, 'no preview when not live');
    // The viewers of the last session stay: its peak and latency, nobody
    // now; small and readable at 360 and 1440 px, light and dark.
    await page.waitForFunction(() => document.querySelector('[data-viewers=now]')?.textContent === '–', null, { timeout: 10000 });
    const last = page.locator(`[data-live-viewers="${st.video}"]`);
    assert.equal(await last.locator('[data-viewers=peak]').textContent(), '2');
    for (const scheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [360, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForTimeout(150); // a frame for the layout to settle before the shot
        const sw = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(sw <= width, `the viewers at ${width} px scroll sideways (${sw} px)`);
        await last.screenshot({ path: join(SHOTS, `viewers-${width}${scheme === 'dark' ? '-dark' : ''}.png`) });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(DESKTOP);
    // In the dark scheme too (the LIVE badge, the banners, the code blocks).
    await page.emulateMedia({ colorScheme: 'dark' });
    await axe(page, 'the stream page (dark)');
    await shots(page, 'stream-ended-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // Leaving the page stops its polling: the element, gone from the
    // document, holds no timer.
    const el = await page.evaluateHandle(() => document.querySelector('reel-dash-live-stream'));
    await page.locator('nav[aria-label=Main] a', { hasText: 'Videos' }).click();
    await settled(page);
    await page.waitForFunction((e) => !e.isConnected && e._timer === undefined, el, { timeout: 10000 });
  });

  test('a publisher that drops: Reconnecting in the page until the reconnect window passes, then Idle', async () => {
    const s = await api.patch('/v1/live-streams/' + st.id, { reconnect_window: 8 });
    assert.equal(s.reconnect_window, 8);
    await go(page, `/live-streams/${st.id}`);
    publisher = publish(`${s.ingest.rtmp_url}/${st.key}`);
    await page.waitForSelector('[data-stream-state=active]', { timeout: 15000 });
    publisher.kill('SIGTERM');
    await publisher.done;
    publisher = null;
    const badge = page.locator('[data-stream-state=disconnected] [data-live-state=disconnected]');
    await badge.waitFor({ timeout: 10000 });
    assert.equal((await badge.textContent()).trim(), 'Reconnecting');
    await shots(page, 'stream-reconnecting');
    await page.waitForSelector('[data-stream-state=idle]', { timeout: 20000 });
  });

  test('a read-only key sees the streams, and no write control', async () => {
    const ro = await newPage(browser.context);
    await signIn(ro, readOnlyKey);
    for (const path of ['/live-streams', `/live-streams/${st.id}`]) {
      await go(ro, path);
      assert.equal(await ro.locator('[data-write]').count(), 0, `${path}: write controls`);
      assert.ok(await ro.locator('.banner[role=note]').first().isVisible(), `${path}: the read-only note`);
    }
    assert.equal(await ro.locator('[data-live-settings] input[name=title]').getAttribute('readonly'), '');
    await go(ro, '/live-streams');
    assert.equal(await ro.locator(`tr[data-live-stream="${st.id}"]`).count(), 1);
    await ro.close();
  });

  test('delete: confirmed, gone from the list and the API', async () => {
    await go(page, '/live-streams');
    await axe(page, 'the Live list');
    await shots(page, 'list');
    await page.click(`tr[data-live-stream="${st.id}"] [data-action=delete]`);
    await page.click('dialog button:text("Delete stream")');
    await page.waitForSelector(`tr[data-live-stream="${st.id}"]`, { state: 'detached' });
    await assert.rejects(api.get('/v1/live-streams/' + st.id), (e) => e.status === 404);
    await page.waitForSelector('text=No live streams yet');
    await shots(page, 'list-empty');
  });

  test('no page errors', () => {
    // The browser logs the refused DELETE (409) itself; nothing else.
    assert.deepEqual(page.errors.filter((e) => !/status of 409 \(Conflict\)/.test(e)), []);
  });
});
