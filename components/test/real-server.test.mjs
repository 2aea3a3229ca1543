// The elements against the REAL Reel server (refserver built from this
// repository), with videos encoded by its own pipeline from an ffmpeg-made
// source: two audio tracks (eng, fra), en/fr subtitles, a signed video,
// a tus upload with an upload token, the list, the files, the framework
// examples and analytics (issue 7 + issue 8). Screenshots: test/artifacts/real/.
// Skips only when Go is not installed.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ARTIFACTS, launch, newPage, settle } from './browser.mjs';
import { randomInt } from 'node:crypto';
import { abandonStart, apiClient, buildServer, cleanup, CUES, DURATION, findGo, hs256, makeMedia, makeShortMedia, SHORT_DURATION, startServer, startSite, tempDir, until } from './real-server.mjs';

const GO = findGo();
const skip = GO ? false : 'Go is not installed: the real-server tests need `go build ./refserver`';
const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));
const COMPONENTS_DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const SHOTS = join(ARTIFACTS, 'real');

let tmp, srv, site, api, browser, media;
const V = {}; // name -> video (from POST /v1/videos, then GET)

async function shot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, name + '.png') });
}

async function createVideo(title, path = '/media/source.mp4') {
  return api.post('/v1/videos', { input_url: site.base + path, title });
}
async function waitReady(v) {
  return until(async () => {
    const x = await api.get('/v1/videos/' + v.id);
    if (x.state === 'failed' || x.state === 'errored' || x.error) throw Object.assign(new Error('video failed: ' + JSON.stringify(x.error)), { fatal: true });
    return x.state === 'ready' && x;
  }, { timeout: 120000, what: `video ${v.id} ready` });
}

before(async () => {
  if (skip) return;
  tmp = tempDir('reel-real-');
  try {
    const t0 = Date.now();
    // REEL_REFSERVER=path uses a refserver built beforehand instead of building one.
    const bin = process.env.REEL_REFSERVER || buildServer(GO, tmp);
    media = makeMedia(join(tmp, 'media'));
    makeShortMedia(media);
    srv = await startServer(bin, join(tmp, 'data'));
    site = await startSite({ media, reel: srv.base });
    api = apiClient(srv.base, srv.key);
    // main: public, with subtitles; signed; stats: analytics only
    for (const name of ['main', 'signed', 'stats']) V[name] = await createVideo(`Real ${name}`);
    // archived: archived and unarchived by its test (a short source: quick)
    V.archived = await createVideo('Real archived', '/media/short.mp4');
    for (const name of Object.keys(V)) V[name] = await waitReady(V[name]);
    await api.patch(`/v1/videos/${V.signed.id}`, { playback_policy: 'signed' });
    for (const lang of ['en', 'fr']) {
      await api.put(`/v1/videos/${V.main.id}/subtitles/${lang}`, readFileSync(join(media, `${lang}.srt`), 'utf8'), { 'content-type': 'application/x-subrip' });
    }
    // subtitles republished: listed by the lookup AND in the master playlist
    await until(async () => {
      const e = await (await fetch(`${srv.base}/v1/embeds/${V.main.embed}`)).json();
      if (e.subtitles?.length !== 2) return false;
      const master = await (await fetch(e.urls.hls)).text();
      return /TYPE=SUBTITLES[^\n]*LANGUAGE="en"/.test(master) && /TYPE=SUBTITLES[^\n]*LANGUAGE="fr"/.test(master);
    }, { timeout: 60000, what: 'subtitles in the lookup and the master playlist' });
    console.log(`# real server ${srv.base} (space ${srv.space}) ready with ${Object.keys(V).length} videos in ${Date.now() - t0} ms`);
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

/** A page on the integrator's origin that loads {server}/cdn/reel.js, with markup mounted. */
async function open() {
  const page = await newPage(browser.context);
  // name the URL of every failed response (the console only says "404")
  const onResponse = (r) => r.status() >= 400 && page.errors.push(`HTTP ${r.status()} ${r.request().method()} ${r.url()}`);
  browser.context.on('response', onResponse);
  page.on('console', (m) => m.type() === 'error' && page.errors.push(`  at ${JSON.stringify(m.location())}`));
  page.on('close', () => browser.context.off('response', onResponse));
  return page;
}

async function mount(markup) {
  const page = await open();
  await page.goto(`${site.base}/pages/real.html`);
  await mountOn(page, markup);
  return page;
}

/** Mounts markup on the (freshly loaded) page; retryBase shortens the processing retries (EmbedElement.retryBase, the test hook). */
async function mountOn(page, markup, { retryBase } = {}) {
  await page.evaluate(async ([html, base]) => {
    await customElements.whenDefined('reel-player');
    if (base) customElements.get('reel-player').retryBase = base;
    document.getElementById('root').innerHTML = html;
  }, [markup, retryBase]);
}

/** The player's message overlay: its text, role, whether it is shown, and the player's state. */
const messageOf = (page, sel = 'reel-player') => page.evaluate((s) => {
  const p = document.querySelector(s);
  const m = p.shadowRoot.querySelector('[part=message]');
  return { state: p.state, code: p.errorCode, text: m.textContent.trim(), role: m.getAttribute('role'), hidden: m.hidden, visible: m.checkVisibility() };
}, sel);

async function waitPlaying(page, sel = 'reel-player', min = 1) {
  await page.waitForFunction(([s, m]) => {
    const p = document.querySelector(s);
    return p && !p.paused && p.currentTime > m;
  }, [sel, min], { timeout: 20000 });
}

const playbackToken = (sub) => hs256(srv.key, { aud: 'playback', sub });

describe('real server', { skip }, () => {
  test('player: plays HLS, switches subtitles and audio track, end screen', async () => {
    const page = await mount(
      `<reel-player embed="${V.main.embed}" loading="eager" muted active-subtitle="en"
         controls="play time seek volume subtitles audiotracks fullscreen">
         <div slot="end-screen" id="end">Thanks for watching</div></reel-player>`,
    );
    await page.evaluate(() => {
      window.__ev = [];
      const p = document.querySelector('reel-player');
      for (const t of ['loadedmetadata', 'playing', 'timeupdate', 'ended', 'audiotrackchange']) p.addEventListener(t, () => window.__ev.push(t));
    });
    await page.waitForFunction(() => document.querySelector('reel-player').state === 'ready', null, { timeout: 20000 });
    await page.evaluate(() => document.querySelector('reel-player').play());
    await waitPlaying(page, 'reel-player', 1);
    const st = await page.evaluate(() => {
      const p = document.querySelector('reel-player');
      return {
        usesHls: !!p.hls,
        src: p.hls?.url || p.media.currentSrc,
        subs: Array.from(p.textTracks).filter((t) => t.kind === 'subtitles').map((t) => `${t.language}:${t.mode}`).sort(),
        audio: Array.from(p.audioTracks).map((t) => `${t.language}:${t.enabled}`),
        width: p.media.videoWidth,
      };
    });
    console.log('# real player', JSON.stringify(st));
    assert.ok(st.usesHls, 'adaptive streaming through hls.js');
    assert.match(st.src, /\/media\/[^/]+\/[^/]+\/playlist\.m3u8/);
    assert.equal(st.width, 640);
    assert.deepEqual(st.subs, ['en:showing', 'fr:disabled']);
    assert.deepEqual(st.audio, ['en:true', 'fr:false']);
    // an English cue is active
    await page.waitForFunction((texts) => {
      const t = Array.from(document.querySelector('reel-player').textTracks).find((x) => x.language === 'en');
      return t?.activeCues?.length && texts.includes(t.activeCues[0].text);
    }, CUES.en.map((c) => c[2]), { timeout: 10000 });
    await shot(page, 'player-playing-en');

    // subtitle switch: a French cue becomes active and is rendered
    await page.evaluate(() => document.querySelector('reel-player').setAttribute('active-subtitle', 'fr'));
    await page.waitForFunction((texts) => {
      const p = document.querySelector('reel-player');
      const t = Array.from(p.textTracks).find((x) => x.language === 'fr');
      return p.subtitleTrack === 'fr' && t?.mode === 'showing' && t.activeCues?.length && texts.includes(t.activeCues[0].text);
    }, CUES.fr.map((c) => c[2]), { timeout: 10000 });
    assert.equal(await page.evaluate(() => Array.from(document.querySelector('reel-player').textTracks).find((x) => x.language === 'en').mode), 'disabled');

    // audio switch through the menu
    await page.evaluate(() => document.querySelector('reel-player').shadowRoot.querySelector('media-audio-track-menu-button').click());
    await page.waitForFunction(() => !document.querySelector('reel-player').shadowRoot.querySelector('media-audio-track-menu').hidden);
    await shot(page, 'player-audio-menu');
    await page.locator('media-audio-track-menu media-chrome-menu-item', { hasText: 'Français' }).click();
    await page.waitForFunction(() => {
      const p = document.querySelector('reel-player');
      return p.audioTrack === 'fr' && p.hls?.audioTrack === 1;
    }, null, { timeout: 10000 });
    assert.deepEqual(await page.evaluate(() => Array.from(document.querySelector('reel-player').audioTracks).map((t) => `${t.language}:${t.enabled}`)), ['en:false', 'fr:true']);
    const t0 = await page.evaluate(() => document.querySelector('reel-player').currentTime);
    await page.waitForFunction((t) => document.querySelector('reel-player').currentTime > t + 0.5, t0, { timeout: 10000 });
    await shot(page, 'player-french');

    // end screen
    assert.equal(await page.evaluate(() => document.querySelector('reel-player').shadowRoot.querySelector('.end').hidden), true);
    await page.evaluate((d) => (document.querySelector('reel-player').currentTime = d - 1), DURATION);
    await page.waitForFunction(() => document.querySelector('reel-player').ended, null, { timeout: 15000 });
    await page.waitForFunction(() => !document.querySelector('reel-player').shadowRoot.querySelector('.end').hidden);
    assert.ok(await page.evaluate(() => document.getElementById('end').checkVisibility()));
    await shot(page, 'player-end-screen');
    const ev = await page.evaluate(() => [...new Set(window.__ev)]);
    for (const t of ['loadedmetadata', 'playing', 'timeupdate', 'ended', 'audiotrackchange']) assert.ok(ev.includes(t), `re-dispatched ${t}`);
    assert.deepEqual(page.errors, []);
    assert.deepEqual(await page.evaluate(() => window.__storage), [], 'no cookies or storage');
    await page.close();
  });

  test('player: signed video errors without a token, plays with one', async () => {
    const page = await mount(`<reel-player embed="${V.signed.embed}" loading="eager" muted></reel-player>`);
    await page.waitForFunction(() => document.querySelector('reel-player').state === 'error', null, { timeout: 15000 });
    const msg = await page.evaluate(() => {
      const p = document.querySelector('reel-player');
      const m = p.shadowRoot.querySelector('[part=message]');
      return { code: p.errorCode, text: m.textContent.trim(), hidden: m.hidden };
    });
    console.log('# signed without token', JSON.stringify(msg));
    assert.match(msg.code, /^token_/);
    assert.match(msg.text, /token/i);
    assert.equal(msg.hidden, false);
    await shot(page, 'player-signed-no-token');
    const requests = [];
    page.on('request', (r) => r.url().includes(`/media/${srv.space}/${V.signed.id}/`) && requests.push(r.url()));
    await page.evaluate((t) => document.querySelector('reel-player').setAttribute('token', t), playbackToken(V.signed.embed));
    await page.waitForFunction(() => document.querySelector('reel-player').state === 'ready', null, { timeout: 15000 });
    await page.evaluate(() => document.querySelector('reel-player').play());
    await waitPlaying(page, 'reel-player', 1);
    assert.equal(await page.evaluate(() => document.querySelector('reel-player').shadowRoot.querySelector('[part=message]').hidden), true);
    assert.ok(requests.length > 3, 'media fetched');
    assert.deepEqual(requests.filter((u) => !/[?&](token|g)=/.test(u)), [], 'every media request carries the token or a grant');
    // The playlists list compact grants, not the token (README, signed playback).
    assert.ok(requests.some((u) => /\.m4s\?.*[?&]?g=/.test(u) && !u.includes('token=')), 'segments are fetched with the grant the playlists list');
    await shot(page, 'player-signed-playing');
    await page.close();
  });

  test('bare hls.js plays a signed video on through a revision (the replaced version is kept for a grace)', async () => {
    // A third-party player holds the playlists it loaded: their URIs name the
    // version and carry a grant of it. A revision (a subtitle track added)
    // replaces that version while the player is between fetches; it must
    // still get the rest of the old version's segments (README, "A
    // replaced version plays on"). Without the grace they are refused (401).
    const v = V.signed;
    const token = playbackToken(v.embed);
    const hlsOf = async () => (await api.get('/v1/videos/' + v.id)).urls.hls;
    const before = await hlsOf();
    const page = await open();
    await page.goto(`${site.base}/pages/bare-hls.html`);
    const responses = [];
    page.on('response', (r) => r.url().includes(`/media/${srv.space}/${v.id}/`) && responses.push([r.status(), r.url()]));
    await page.evaluate((url) => {
      window.__fatal = [];
      const video = document.querySelector('video');
      // A short forward buffer, so that most segments are fetched after the revision.
      const hls = new Hls({ maxBufferLength: 1, maxMaxBufferLength: 1, backBufferLength: 0 });
      window.__hls = hls;
      hls.on(Hls.Events.ERROR, (_, d) => d.fatal && window.__fatal.push(`${d.details} ${d.response?.code ?? ''}`));
      hls.loadSource(url);
      hls.attachMedia(video);
      video.play();
    }, `${before}&token=${token}`);
    await page.waitForFunction(() => document.querySelector('video').currentTime > 0.3, null, { timeout: 20000 });
    await page.evaluate(() => { window.__hls.stopLoad(); document.querySelector('video').pause(); });
    const fetchedBefore = responses.length;

    await api.put(`/v1/videos/${v.id}/subtitles/de`, readFileSync(join(media, 'en.srt'), 'utf8'), { 'content-type': 'application/x-subrip' });
    const after = await until(async () => { const u = await hlsOf(); return u !== before && u; }, { timeout: 60000, what: 'the revision published' });
    console.log(`# revision: ${before.split('?')[1]} -> ${after.split('?')[1]}; ${fetchedBefore} media responses before it`);

    await page.evaluate(() => { window.__hls.startLoad(); document.querySelector('video').play(); });
    await page.waitForFunction((d) => document.querySelector('video').ended || document.querySelector('video').currentTime > d - 1, DURATION, { timeout: 30000 });
    const fatal = await page.evaluate(() => window.__fatal);
    const failed = responses.filter(([status]) => status >= 400);
    const oldAfter = responses.slice(fetchedBefore).filter(([, u]) => u.includes(before.split('?')[1]));
    console.log(`# after the revision: ${responses.length - fetchedBefore} media responses, ${oldAfter.length} of the old version; failed ${JSON.stringify(failed)}`);
    assert.deepEqual(fatal, [], 'no fatal hls.js error');
    assert.deepEqual(failed, [], 'every media request answered');
    assert.ok(oldAfter.length >= 2, 'segments of the old version fetched after the revision');
    await page.close();
  });

  test('player: archived video is "not available" with no media; unarchived, a reload plays', async () => {
    const v = V.archived;
    const playable = await (await fetch(`${srv.base}/v1/embeds/${v.embed}`)).json();
    assert.equal(playable.playable, true);
    await api.post(`/v1/videos/${v.id}/archive`);
    try {
      assert.equal((await api.get('/v1/videos/' + v.id)).archived, true);
      assert.equal((await fetch(`${srv.base}/v1/embeds/${v.embed}`)).status, 404, 'the lookup of an archived video is 404');
      const direct = await fetch(playable.urls.hls);
      assert.ok(direct.status >= 400, `the master playlist of an archived video is refused (got ${direct.status})`);
      const page = await open();
      const media = [];
      page.on('response', (r) => r.url().includes(`/media/${srv.space}/${v.id}/`) && media.push(`${r.status()} ${r.url()}`));
      await page.goto(`${site.base}/pages/real.html`);
      const markup = `<reel-player embed="${v.embed}" loading="eager" muted></reel-player>`;
      await mountOn(page, markup);
      await page.waitForFunction(() => document.querySelector('reel-player').state === 'error', null, { timeout: 15000 });
      const msg = await messageOf(page);
      console.log(`# archived (lookup 404, master playlist ${direct.status})`, JSON.stringify(msg));
      assert.equal(msg.code, 'not_found');
      assert.equal(msg.text, 'This video is not available. It may have been archived or deleted.');
      assert.equal(msg.role, 'alert');
      assert.equal(msg.hidden, false);
      assert.equal(msg.visible, true);
      await page.getByRole('alert').filter({ hasText: 'not available' }).waitFor({ state: 'visible', timeout: 2000 });
      await shot(page, 'player-archived');
      await new Promise((r) => setTimeout(r, 300)); // anything the player would still fetch
      assert.deepEqual(media.filter((x) => !/^4\d\d /.test(x)), [], 'no media request of the archived video succeeded');
      assert.equal(await page.evaluate(() => document.querySelector('reel-player').media.currentSrc), '');
      assert.deepEqual(page.errors.filter((e) => e.startsWith('HTTP') && !e.includes(`/v1/embeds/${v.embed}`)), [], 'only the lookup failed');

      await api.post(`/v1/videos/${v.id}/unarchive`);
      assert.equal((await api.get('/v1/videos/' + v.id)).archived, false);
      await page.reload();
      await mountOn(page, markup);
      await page.waitForFunction(() => document.querySelector('reel-player').state === 'ready', null, { timeout: 15000 });
      await page.evaluate(() => document.querySelector('reel-player').play());
      await waitPlaying(page, 'reel-player', 1);
      assert.equal((await messageOf(page)).hidden, true);
      assert.ok(media.some((x) => x.startsWith('200 ')), 'media fetched after unarchiving');
      await shot(page, 'player-unarchived-playing');
      await page.close();
    } finally {
      await api.post(`/v1/videos/${v.id}/unarchive`).catch(() => {});
    }
  });

  test('player: an embed that never existed is "not available"', async () => {
    const abc = 'abcdefghijklmnopqrstuvwxyz0123456789';
    const embed = srv.space + Array.from({ length: 10 }, () => abc[randomInt(abc.length)]).join('');
    assert.equal(embed.length, 15);
    assert.equal((await fetch(`${srv.base}/v1/embeds/${embed}`)).status, 404);
    const page = await mount(`<reel-player embed="${embed}" loading="eager" muted></reel-player>`);
    await page.waitForFunction(() => document.querySelector('reel-player').state === 'error', null, { timeout: 15000 });
    const msg = await messageOf(page);
    console.log('# missing', embed, JSON.stringify(msg));
    assert.equal(msg.code, 'not_found');
    assert.equal(msg.text, 'This video is not available. It may have been archived or deleted.');
    assert.equal(msg.role, 'alert');
    assert.equal(msg.visible, true);
    await page.getByRole('alert').filter({ hasText: 'not available' }).waitFor({ state: 'visible', timeout: 2000 });
    await shot(page, 'player-missing');
    assert.deepEqual(page.errors.filter((e) => e.startsWith('HTTP') && !e.includes(`/v1/embeds/${embed}`)), [], 'only the lookup failed');
    await page.close();
  });

  test('player: processing video shows the message, retries, then plays without a reload', async () => {
    const held = site.hold('processing');
    const v = await createVideo('Real processing', '/held/processing/short.mp4');
    try {
      await Promise.race([held.asked, new Promise((_, no) => setTimeout(() => no(new Error('the server never fetched input_url')), 15000))]);
      assert.equal((await api.get('/v1/videos/' + v.id)).state, 'created', 'held: the source is not fetched yet');
      const page = await open();
      const lookups = [];
      page.on('request', (r) => r.url().startsWith(`${srv.base}/v1/embeds/${v.embed}`) && lookups.push(Date.now()));
      await page.goto(`${site.base}/pages/real.html`);
      await page.evaluate(() => {
        window.__same = true; // gone if the page were reloaded
        window.__ev = [];
        document.addEventListener('reel-processing', (e) => window.__ev.push(['processing', e.detail.state, e.detail.attempt]), true);
        document.addEventListener('reel-load', (e) => window.__ev.push(['load', e.detail.state]), true);
      });
      // the retries start at 300 ms instead of 1 s (the documented test hook), growing ×1.6 to at most 1.5 s
      await mountOn(page, `<reel-player embed="${v.embed}" loading="eager" muted autoplay></reel-player>`, { retryBase: 300 });
      await page.waitForFunction(() => document.querySelector('reel-player').state === 'processing', null, { timeout: 10000 });
      const msg = await messageOf(page);
      console.log('# processing', JSON.stringify(msg));
      assert.equal(msg.text, 'This video is still processing. It will start as soon as it is ready.');
      assert.equal(msg.role, 'status');
      assert.equal(msg.visible, true);
      await page.getByRole('status').filter({ hasText: 'still processing' }).waitFor({ state: 'visible', timeout: 2000 });
      await shot(page, 'player-processing');
      // Seven lookups: the gaps grow x1.6 from 300 ms to the cap of
      // 5 x 300 ms and stay there (uncapped, the sixth would be 3.1 s).
      await until(() => lookups.length >= 7, { timeout: 20000, every: 100, what: 'repeated lookups while processing' });
      const gaps = lookups.slice(1, 7).map((t, i) => t - lookups[i]);
      console.log(`# processing: lookups ${gaps.join(', ')} ms apart`);
      assert.ok(Math.max(...gaps) <= 1500 + 1000, `lookups while processing at most 5 x retryBase apart (and a loaded machine's delay): ${gaps}`);
      assert.equal((await api.get('/v1/videos/' + v.id)).state, 'created');
      assert.equal((await messageOf(page)).state, 'processing');
      const released = Date.now();
      const before = lookups.length;
      held.release();
      await page.waitForFunction(() => {
        const p = document.querySelector('reel-player');
        return p.state === 'ready' && !p.paused && p.currentTime > 1;
      }, null, { timeout: 60000 }).catch(async (e) => {
        // Here it plays 2.5 s after the release; CI once took over 30 s.
        // 60 s, and what the server did with the video when that is not
        // enough.
        const st = await messageOf(page).catch(() => null);
        const sv = await api.get('/v1/videos/' + v.id).catch((x) => x.message);
        const times = lookups.map((t) => t - released);
        const lines = srv.log().split('\n').filter((l) => l.includes(v.id)).join('\n');
        throw new Error(`${e.message}: player ${JSON.stringify(st)}, video ${JSON.stringify(sv?.state ?? sv)}, lookups at ${times} ms from the release; ${page.errors.join('; ')}\nserver:\n${lines}`);
      });
      const ev = await page.evaluate(() => window.__ev);
      console.log(`# processing: ${before} lookups held, ${lookups.length} in all; playing ${Date.now() - released} ms after release; events ${JSON.stringify(ev)}`);
      assert.equal(await page.evaluate(() => window.__same), true, 'no reload');
      assert.ok(ev.filter(([t]) => t === 'processing').length >= 3, 'reel-processing on each retry');
      assert.ok(ev.some(([t, s]) => t === 'processing' && s === 'created'));
      // One load: at ready, or earlier when a lookup found the remuxed
      // playable version while the ladder was still encoding (a race
      // between the lookups' cadence and a 4 s transcode on a busy machine;
      // both are what a viewer should get).
      const loads = ev.filter(([t]) => t === 'load');
      assert.equal(loads.length, 1, `one load event: ${JSON.stringify(loads)}`);
      assert.ok(['processing', 'ready'].includes(loads[0][1]), `loaded when playable: ${JSON.stringify(loads)}`);
      const after = await messageOf(page);
      assert.equal(after.hidden, true);
      assert.equal(after.visible, false);
      assert.equal(held.requests, 1, 'the source was fetched once');
      assert.equal(await page.evaluate(() => document.querySelector('reel-player').media.videoWidth), 320);
      await shot(page, 'player-processing-playing');
      assert.deepEqual(page.errors, []);
      await page.close();
    } finally {
      held.release();
    }
  });

  test('clip plays in view, pauses out of view', async () => {
    const page = await mount(`<div style="height:1500px"></div><reel-clip id="c" embed="${V.main.embed}"></reel-clip><div style="height:1500px"></div>`);
    await new Promise((r) => setTimeout(r, 400));
    assert.equal(await page.evaluate(() => document.getElementById('c').media), null, 'nothing loaded off screen');
    await page.evaluate(() => document.getElementById('c').scrollIntoView({ block: 'center' }));
    await page.waitForFunction(() => {
      const v = document.getElementById('c').media;
      return v && !v.paused && v.currentTime > 0.3;
    }, null, { timeout: 15000 });
    assert.match(await page.evaluate(() => document.getElementById('c').media.currentSrc), /clip\.mp4/);
    await shot(page, 'clip-visible');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => document.getElementById('c').media.paused, null, { timeout: 10000 });
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test('transcript highlights the current cue and seeks on click', async () => {
    const page = await mount(
      `<reel-player embed="${V.main.embed}" muted loading="eager"></reel-player>
       <reel-text embed="${V.main.embed}" language="en" style="--reel-text-height: 8em"></reel-text>`,
    );
    await page.waitForFunction(() => document.querySelector('reel-text').cues.length === 4, null, { timeout: 15000 });
    assert.deepEqual(await page.evaluate(() => document.querySelector('reel-text').cues.map((c) => c.text)), CUES.en.map((c) => c[2]));
    await page.evaluate(() => document.querySelector('reel-player').play());
    await page.waitForFunction(() => document.querySelector('reel-text').shadowRoot.querySelector('li[aria-current=true]')?.dataset.i === '0', null, { timeout: 15000 });
    await page.locator('reel-text li[data-i="2"] button').click();
    await page.waitForFunction(() => {
      const p = document.querySelector('reel-player');
      return p.currentTime >= 4 && p.currentTime < 6;
    }, null, { timeout: 10000 });
    await page.waitForFunction(() => document.querySelector('reel-text').shadowRoot.querySelector('li[aria-current=true]')?.dataset.i === '2');
    await shot(page, 'text-highlight');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test('upload: interrupted, resumed, completes and becomes playable', async () => {
    const token = hs256(srv.key, { aud: 'upload', sub: srv.space });
    const page = await mount(`<reel-upload token="${token}" chunk-size="262144"></reel-upload>`);
    // Throttle the tus PATCHes so the upload can be interrupted mid-way.
    let patches = 0;
    await page.route('**/v1/uploads/**', async (route) => {
      if (route.request().method() === 'PATCH') {
        patches++;
        await new Promise((r) => setTimeout(r, 250));
      }
      await route.continue().catch(() => {});
    });
    await page.evaluate(() => {
      window.__up = [];
      const u = document.querySelector('reel-upload');
      u.constructor.pollBase = 300;
      for (const t of ['upload-start', 'progress', 'success', 'playable', 'error']) {
        u.addEventListener(t, (e) => window.__up.push([t, e.detail && JSON.parse(JSON.stringify({ ...e.detail, info: undefined, file: undefined }))]));
      }
    });
    const file = readFileSync(join(media, 'source.mp4'));
    await page.locator('reel-upload input[type=file]').setInputFiles({ name: 'real upload.mp4', mimeType: 'video/mp4', buffer: file });
    await page.waitForFunction(() => window.__up.some(([t, d]) => t === 'progress' && d.sent >= 262144), null, { timeout: 20000 });
    await page.locator('reel-upload button[data-action=pause]').click();
    assert.equal(await page.evaluate(() => document.querySelector('reel-upload').state), 'paused');
    await new Promise((r) => setTimeout(r, 600));
    const sentAtPause = await page.evaluate(() => Math.max(...window.__up.filter(([t]) => t === 'progress').map(([, d]) => d.sent)));
    assert.ok(sentAtPause < file.length, `interrupted before the end (${sentAtPause} of ${file.length})`);
    await shot(page, 'upload-paused');
    const heads = [];
    page.on('request', (r) => r.method() === 'HEAD' && r.url().includes('/v1/uploads/') && heads.push(r.url()));
    await page.locator('reel-upload button[data-action=resume]').click();
    await page.waitForFunction(() => window.__up.some(([t]) => t === 'success' || t === 'error'), null, { timeout: 60000 });
    const up = await page.evaluate(() => window.__up);
    const err = up.find(([t]) => t === 'error');
    assert.equal(err, undefined, 'no error: ' + JSON.stringify(err));
    const success = up.find(([t]) => t === 'success')[1];
    console.log('# upload', JSON.stringify(success), `${patches} PATCHes, ${heads.length} HEAD on resume`);
    assert.ok(success.video && success.embed, 'Reel-Video-Id and Reel-Video-Embed read from the tus responses');
    await page.waitForFunction(() => document.querySelector('reel-upload').state === 'playable', null, { timeout: 60000 });
    assert.ok((await page.evaluate(() => window.__up.map(([t]) => t))).includes('playable'));
    const v = await api.get('/v1/videos/' + success.video);
    assert.equal(v.embed, success.embed);
    assert.equal(v.title, 'real upload');
    assert.equal(v.source?.size, file.length);
    assert.ok(v.playable);
    await shot(page, 'upload-playable');
    assert.deepEqual(await page.evaluate(() => window.__storage), [], 'tus kept no URL in storage');
    await page.close();
  });

  test('watch page: player, title, description, transcript at 360 and 1440 px; embed page; signed needs its token', async () => {
    await api.patch(`/v1/videos/${V.main.id}`, { description: 'A test pattern with two audio tracks.\nSubtitles in English and French.' });
    for (const width of [360, 1440]) {
      const page = await open();
      await page.setViewportSize({ width, height: width < 600 ? 740 : 900 });
      await page.goto(`${srv.base}/watch/${V.main.embed}`);
      await page.waitForFunction(() => document.querySelector('reel-player')?.state === 'ready', null, { timeout: 15000 });
      await page.waitForFunction(() => document.querySelector('reel-text')?.cues?.length === 4, null, { timeout: 15000 });
      assert.equal(await page.locator('h1').textContent(), 'Real main');
      assert.match(await page.locator('.description').textContent(), /two audio tracks/);
      assert.equal(await page.evaluate(() => document.querySelector('meta[property="og:title"]').content), 'Real main');
      await settle(page);
      await shot(page, `watch-${width}`);
      assert.deepEqual(page.errors, []);
      await page.close();
    }
    const embed = await open();
    await embed.setViewportSize({ width: 640, height: 360 });
    await embed.goto(`${srv.base}/embed/${V.main.embed}?muted=1&color=ff5a36`);
    await embed.waitForFunction(() => document.querySelector('reel-player')?.state === 'ready', null, { timeout: 15000 });
    await embed.evaluate(() => document.querySelector('reel-player').play());
    await waitPlaying(embed, 'reel-player', 1);
    await shot(embed, 'embed-640');
    await embed.close();
    const priv = await open();
    const res = await priv.goto(`${srv.base}/watch/${V.signed.embed}`);
    assert.equal(res.status(), 401);
    assert.match(await priv.locator('h1').textContent(), /private/);
    await shot(priv, 'watch-signed-no-token');
    await priv.close();
    const signed = await open();
    await signed.goto(`${srv.base}/watch/${V.signed.embed}?token=${playbackToken(V.signed.embed)}`);
    await signed.evaluate(() => document.querySelector('reel-player').play());
    await waitPlaying(signed, 'reel-player', 1);
    await signed.close();
  });

  test('list (space playback token) and files render', async () => {
    const page = await mount(
      `<reel-player id="target" embed="${V.main.embed}" muted loading="eager"></reel-player>
       <reel-list token="${playbackToken(srv.space)}" player="#target" limit="10">
         <template><figure><img data-field="poster"><figcaption data-field="title"></figcaption><small data-field="duration"></small></figure></template>
       </reel-list>
       <reel-files embed="${V.main.embed}" loading="eager"></reel-files>`,
    );
    await page.waitForFunction(() => document.querySelector('reel-list').items.length >= 2, null, { timeout: 15000 });
    const titles = await page.evaluate(() => Array.from(document.querySelector('reel-list').shadowRoot.querySelectorAll('figcaption')).map((f) => f.textContent));
    console.log('# list', JSON.stringify(titles));
    assert.ok(titles.includes('Real main') && titles.includes('Real stats'), 'public videos listed');
    assert.equal(await page.evaluate(() => document.querySelector('reel-list').shadowRoot.querySelector('small').textContent), '0:08');
    // posters of the ready videos load (the upload of the test before may still be
    // processing, with no poster yet: its item has an empty poster)
    const noPoster = await page.evaluate(() => document.querySelector('reel-list').items.filter((i) => !i.poster).map((i) => i.title));
    if (noPoster.length) console.log('# list items without a poster yet:', JSON.stringify(noPoster));
    assert.ok(!noPoster.includes('Real main'));
    await page.waitForFunction(() => Array.from(document.querySelector('reel-list').shadowRoot.querySelectorAll('img')).filter((i) => i.src.includes('/poster.')).every((i) => i.complete && i.naturalWidth > 0), null, { timeout: 10000 })
      .catch(async (e) => {
        const imgs = await page.evaluate(() => Array.from(document.querySelector('reel-list').shadowRoot.querySelectorAll('img')).map((i) => `${i.src} ${i.complete} ${i.naturalWidth}`));
        throw new Error(`${e.message}: posters ${JSON.stringify(imgs)} ${page.errors.join('; ')}`);
      });
    await page.waitForFunction(() => document.querySelector('reel-files').shadowRoot.querySelectorAll('a').length >= 1, null, { timeout: 15000 });
    const links = await page.evaluate(() =>
      Array.from(document.querySelector('reel-files').shadowRoot.querySelectorAll('a')).map((a) => ({ text: a.textContent, href: a.getAttribute('href'), kind: a.dataset.kind })),
    );
    console.log('# files', JSON.stringify(links));
    assert.match(links[0].text, /^SD/);
    assert.match(links[0].href, /\/h264_sd\.mp4\?.*download$/);
    assert.deepEqual(links.filter((l) => l.kind !== 'rendition').map((l) => l.text), ['Audio (M4A)', 'Subtitles: English (VTT)', 'Subtitles: Français (VTT)']);
    const res = await fetch(links[0].href, { method: 'HEAD' });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-disposition'), 'attachment; filename="Real main sd.mp4"');
    await shot(page, 'list-files');
    // The page is on another origin than the server, where the download
    // attribute is ignored: the file is saved under its name all the same.
    assert.notEqual(new URL(site.base).origin, new URL(srv.base).origin);
    for (const [kind, name] of [['rendition', 'Real main sd.mp4'], ['subtitles', 'Real main en.vtt']]) {
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 15000 }), page.locator(`reel-files a[data-kind=${kind}]`).first().click()]);
      assert.equal(download.suggestedFilename(), name);
      await download.cancel().catch(() => {});
    }
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  for (const fw of ['html', 'react', 'vue', 'svelte']) {
    test(`${fw} example renders a playing player`, async () => {
      const dir = EXAMPLES + fw;
      // (re)build when the example's bundle predates the components' build (examples.test.mjs,
      // which runs first in `npm test`, has usually just built it)
      const built = join(dir, 'dist', 'index.html');
      if (fw !== 'html' && (!existsSync(built) || statSync(built).mtimeMs < statSync(join(COMPONENTS_DIST, 'reel.js')).mtimeMs)) {
        if (!existsSync(dir + '/node_modules')) execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'pipe' });
        execFileSync('npm', ['run', 'build'], { cwd: dir, stdio: 'pipe' });
      }
      const page = await open();
      // html: ?embed= (its script is pointed at the server); the others: ?embed=&api=
      await page.goto(`${site.base}/examples/${fw}/?embed=${V.main.embed}&api=${encodeURIComponent(srv.base)}`);
      await page.waitForFunction(() => document.querySelector('reel-player')?.state === 'ready', null, { timeout: 20000 })
        .catch(async (e) => {
          const st = await page.evaluate(() => { const p = document.querySelector('reel-player'); return p && { state: p.state, api: p.api, embed: p.embed, html: p.outerHTML.slice(0, 300) }; });
          throw new Error(`${e.message}: ${JSON.stringify(st)} ${page.errors.join('; ')}`);
        });
      await page.evaluate(() => document.querySelector('reel-player').play());
      await waitPlaying(page, 'reel-player', 0.5);
      await page.waitForFunction(() => document.querySelector('reel-text')?.cues?.length > 0, null, { timeout: 10000 });
      await shot(page, `example-${fw}`);
      assert.deepEqual(page.errors, []);
      await page.close();
    });
  }

  test('analytics: play, seek, leave; stats show 1 view, watch time, the seek; no cookie or storage', async () => {
    const page = await mount(`<reel-player embed="${V.stats.embed}" loading="eager" muted></reel-player>`);
    await page.waitForFunction(() => document.querySelector('reel-player').state === 'ready', null, { timeout: 20000 });
    await page.evaluate(() => document.querySelector('reel-player').play());
    await waitPlaying(page, 'reel-player', 2.5);
    const seekFrom = await page.evaluate(() => document.querySelector('reel-player').currentTime);
    const seekTo = 5;
    await page.evaluate((t) => (document.querySelector('reel-player').currentTime = t), seekTo);
    await page.waitForFunction((t) => document.querySelector('reel-player').currentTime > t + 1.2, seekTo, { timeout: 10000 });
    const leftAt = await page.evaluate(() => document.querySelector('reel-player').currentTime);
    const expected = seekFrom + (leftAt - seekTo);
    assert.deepEqual(await page.evaluate(() => window.__storage), [], 'the page touched no cookie or storage');
    await shot(page, 'analytics-after-seek');
    await page.goto(`${site.base}/pages/leave.html`); // pagehide: the beacon
    const stats = await until(async () => {
      const s = await api.get(`/v1/videos/${V.stats.id}/stats`);
      return s.views >= 1 && s.watch_time_seconds > 0 && s;
    }, { timeout: 20000, every: 500, what: 'stats with a view' });
    console.log(`# stats views=${stats.views} watch=${stats.watch_time_seconds} expected=${expected.toFixed(2)} (seek ${seekFrom.toFixed(2)}→${seekTo}, left at ${leftAt.toFixed(2)})`);
    assert.equal(stats.views, 1);
    assert.equal(stats.unique_viewers, 1);
    assert.ok(Math.abs(stats.watch_time_seconds - expected) <= 2, `watch time ${stats.watch_time_seconds} ≈ ${expected}`);
    // The seek: the skipped stretch was not watched, both sides were.
    const bin = (s) => Math.floor((s / DURATION) * 100);
    const r = stats.retention;
    assert.equal(r.length, 100);
    assert.equal(r[bin(0.5)], 1, 'watched before the seek');
    assert.equal(r[bin(seekTo + 0.5)], 1, 'watched after the seek');
    for (let i = bin(seekFrom + 0.4); i < bin(seekTo - 0.4); i++) assert.equal(r[i], 0, `skipped percentile ${i} not watched`);
    assert.ok(stats.startup_time_ms.p50 !== null, 'startup time recorded');
    // no cookie in the context; nothing in storage on the server's origin or the page's
    assert.deepEqual(await browser.context.cookies(), []);
    for (const origin of [srv.base + '/v1/openapi.json', site.base + '/pages/leave.html']) {
      await page.goto(origin);
      const st = await page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length, cookie: document.cookie }));
      assert.deepEqual(st, { local: 0, session: 0, cookie: '' }, origin);
    }
    await page.close();
  });
});
